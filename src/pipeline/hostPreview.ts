/**
 * `astro preview` serving dist/ as the public host does. Astro's own static preview (Vite's preview
 * server) does not: with `trailingSlash: 'always'` it answers 404 for any path whose last segment has
 * no extension and no closing slash, such as the RFC 9727 `/.well-known/api-catalog` (its check reads
 * `.well-known/api-catalog` as no extension); it knows no media type for that file; it sends a `.gz`
 * file labelled `Content-Encoding: gzip`; and it ignores `_headers`. Astro offers an integration no
 * hook into that server, and its options (`server.headers`) set the same headers on every answer, so
 * for the preview command only this integration sets an adapter whose preview entrypoint serves
 * dist/ with the project's host model (staticHost.ts: `_headers` applied, so the API catalog is
 * `application/linkset+json`, `/x` redirects to `/x/`). `astro build` never sees the adapter.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { startStaticServer } from './staticHost.ts';

const NAME = 'uaix-host-preview';

export function hostPreviewIntegration(): AstroIntegration {
  let previewing = false;
  return {
    name: NAME,
    hooks: {
      'astro:config:setup': ({ command }) => {
        previewing = command === 'preview';
      },
      'astro:config:done': ({ setAdapter }) => {
        if (!previewing) return;
        setAdapter({
          name: NAME,
          // Astro imports it with Node's own loader, which reads no TypeScript: a JavaScript entry.
          previewEntrypoint: fileURLToPath(new URL('./hostPreviewEntry.mjs', import.meta.url)),
          // Only its preview is used, over the files the build wrote (pages and images alike): no
          // page is rendered on demand and no image processed.
          supportedAstroFeatures: { serverOutput: 'stable', hybridOutput: 'stable', sharpImageService: 'stable' },
        });
      },
    },
  };
}

/** What Astro's preview command calls (through hostPreviewEntry.mjs) and waits on. */
export async function previewHost(options: {
  outDir: URL;
  host: string | undefined;
  port: number;
  logger: AstroIntegrationLogger;
}) {
  const server = await startStaticServer(fileURLToPath(options.outDir), {
    host: options.host ?? 'localhost',
    port: options.port,
  });
  options.logger.info(`serving the built site as its host does (_headers applied) at ${server.origin}/`);
  let closed: () => void;
  const whenClosed = new Promise<void>((done) => (closed = done));
  return {
    host: options.host,
    port: server.port,
    closed: () => whenClosed,
    stop: async () => {
      await server.close();
      closed();
    },
  };
}
