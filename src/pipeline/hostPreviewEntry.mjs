// @ts-check
/**
 * The preview entrypoint of hostPreview.ts's adapter. Astro imports it with Node's own loader, which
 * reads no TypeScript, so it loads the host model through tsx (a dependency, as for every script).
 */
import { tsImport } from 'tsx/esm/api';

/** @type {import('astro').PreviewModule['default']} */
export default async function preview(options) {
  const { previewHost } = await tsImport('./hostPreview.ts', import.meta.url);
  return previewHost(options);
}
