/**
 * The offline bundle of a released edition: one `.tar.gz` beside its folder (`/editions/<id>.tar.gz`)
 * holding every file of the folder (its machine files, the Markdown mirrors of its normative pages
 * and edition.json) and an `llms-full.txt` of its English pages, under one top folder. This module
 * says what goes in, in which order and with which metadata; node/editionBundle.ts writes the bytes.
 * Everything comes from the edition's committed files, so the bundle says what the edition says.
 */
import { SITE_ORIGIN, SOURCE_LOCALE } from '../model/locales.ts';
import { llmsFullDocument, type LlmsFullPart } from './llmsSections.ts';
import { readMirrorMarkdown } from '../pages/pageMirror.ts';
import { EDITIONS_FOLDER, EDITION_INDEX_FILE } from '../editions/editions.ts';

export const BUNDLE_MEDIA_TYPE = 'application/gzip' as const;
/** The bundle's own llms-full.txt, at the top of its folder. */
export const BUNDLE_LLMS_FULL = 'llms-full.txt';

/** The public path of edition `id`'s bundle: beside its folder, never inside it (the folder is the commit's). */
export function editionBundlePath(id: string): string {
  return `/${EDITIONS_FOLDER}/${id}.tar.gz`;
}

/** The folder every entry of the bundle is under, so that it unpacks into one folder. */
export function bundleFolder(id: string): string {
  return `uaix-edition-${id}`;
}

/** One entry of the bundle: a folder, or a file with its bytes. Names are relative, `/`-separated. */
export type BundleEntry = { name: string; type: 'directory' } | { name: string; type: 'file'; bytes: Uint8Array };

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The edition's llms-full.txt: its English normative pages (the frozen Markdown mirrors under
 * `pages/en-us/`), in the order of their paths, each under its URL. A file that is not a mirror is
 * an error naming it (a committed edition's index has been checked before this runs).
 */
export function editionLlmsFull(id: string, files: ReadonlyMap<string, Uint8Array>): string {
  const prefix = `pages/${SOURCE_LOCALE}/`;
  const parts: LlmsFullPart[] = [...files.keys()]
    .filter((path) => path.startsWith(prefix) && path.endsWith('.md'))
    .sort(byCodeUnits)
    .map((path) => {
      const mirror = readMirrorMarkdown(decoder.decode(files.get(path)));
      if (!mirror) throw new Error(`${EDITIONS_FOLDER}/${id}/${path}: not a Markdown mirror of a page`);
      const url = mirror.url.startsWith(SITE_ORIGIN) ? mirror.url.slice(SITE_ORIGIN.length) : mirror.url;
      return { url, body: mirror.body };
    });
  return llmsFullDocument(
    `UAIX public standards record: edition ${id}, the English normative pages`,
    `The English normative pages of edition ${id} of ${SITE_ORIGIN}, as Markdown, in the order of their paths. The English text and the JSON records are authoritative.`,
    parts,
  );
}

/**
 * Every entry of the bundle, sorted by name (a folder's entry before what it holds): the folders,
 * each file of the edition with its index, and the llms-full.txt. `files` are the edition's files
 * but edition.json, whose bytes are `indexBytes`.
 */
export function editionBundleEntries(
  id: string,
  indexBytes: Uint8Array,
  files: ReadonlyMap<string, Uint8Array>,
): BundleEntry[] {
  const top = bundleFolder(id);
  const contents = new Map<string, Uint8Array>(files);
  contents.set(EDITION_INDEX_FILE, indexBytes);
  contents.set(BUNDLE_LLMS_FULL, encoder.encode(editionLlmsFull(id, files)));
  const folders = new Set<string>([`${top}/`]);
  const entries: BundleEntry[] = [];
  for (const [path, bytes] of contents) {
    const parts = path.split('/');
    for (let depth = 1; depth < parts.length; depth++) folders.add(`${top}/${parts.slice(0, depth).join('/')}/`);
    entries.push({ name: `${top}/${path}`, type: 'file', bytes });
  }
  for (const name of folders) entries.push({ name, type: 'directory' });
  return entries.sort((a, b) => byCodeUnits(a.name, b.name));
}
