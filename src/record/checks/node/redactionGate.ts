/**
 * The redaction gate over files: the record's sources before Astro runs (content, schemas and
 * fixtures, route records, public/, the llms.txt head) and every text file of dist/ after the
 * build. Each file is read once; the allow-list is redaction-allowlist.json.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import type { Problem } from '../../../uai/problem.ts';
import { ALLOW_LIST_RULE, parseAllowList, redactionProblems, type AllowEntry } from '../redaction.ts';
import { walkFiles } from '../../node/walkFiles.ts';

/** Beside the sources, not among them: it holds the allowed values by necessity and is never published. */
export const ALLOW_LIST_FILE = 'redaction-allowlist.json';

/** What the build publishes from the repository, directly or through a page. */
const SOURCE_ROOTS = ['content', 'schemas', 'public', 'llms.txt'];

/** Text files; everything else (Pagefind's compressed index, WASM, images) is binary. */
export const TEXT_FILE = /(?:\.(?:html|json|md|txt|xml|js|mjs|css|svg|yaml|yml|webmanifest)|\/_headers|\/_redirects)$/;

export interface GateScan {
  problems: Problem[];
  files: number;
  bytes: number;
  milliseconds: number;
}

export class RedactionGate {
  readonly entries: AllowEntry[];
  readonly problems: Problem[];
  private readonly used = new Set<AllowEntry>();

  constructor(private readonly root = REPOSITORY_ROOT) {
    const path = join(root, ALLOW_LIST_FILE);
    const parsed = existsSync(path)
      ? parseAllowList(readFileSync(path, 'utf8'), ALLOW_LIST_FILE)
      : { entries: [], problems: [] };
    this.entries = parsed.entries;
    this.problems = parsed.problems;
  }

  /** The sources, named by repository path (`content/guides/en-us/x.md`). */
  scanSources(): GateScan {
    const files = SOURCE_ROOTS.flatMap((name) => {
      const path = join(this.root, name);
      if (!existsSync(path)) return [];
      return statSync(path).isDirectory() ? walkFiles(path) : [path];
    });
    return this.scan(files, (file) => relative(this.root, file).split('\\').join('/'));
  }

  /**
   * Published files already read, by published path (`/en-us/guides/x/index.html`): the text files
   * among them. The build reads each file of dist/ once, for the manifest's digests and this scan.
   */
  scanPublished(files: readonly { path: string; bytes: Uint8Array }[]): GateScan {
    return this.scanTexts(
      files.map(({ path, bytes }) => ({
        name: path,
        text: () => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'),
      })),
    );
  }

  /** Allow-list entries that allowed nothing in any scan so far: stale, so they are problems. */
  unusedEntries(): Problem[] {
    return this.entries.flatMap((entry, index) =>
      this.used.has(entry)
        ? []
        : [
            {
              file: ALLOW_LIST_FILE,
              place: { pointer: `/entries/${index}` },
              message: `allows a value found in none of its files (${entry.files.join(', ')}); remove the entry`,
              rule: ALLOW_LIST_RULE,
            },
          ],
    );
  }

  private scan(files: string[], nameOf: (file: string) => string): GateScan {
    return this.scanTexts(files.map((file) => ({ name: nameOf(file), text: () => readFileSync(file, 'utf8') })));
  }

  /** The text files among `files` (each read only if it is one). */
  private scanTexts(files: readonly { name: string; text: () => string }[]): GateScan {
    const started = performance.now();
    const problems: Problem[] = [];
    let count = 0;
    let bytes = 0;
    for (const file of files) {
      const { name } = file;
      if (!TEXT_FILE.test(`/${name}`)) continue;
      const text = file.text();
      count++;
      bytes += text.length;
      problems.push(...redactionProblems(name, text, this.entries, this.used));
    }
    return { problems, files: count, bytes, milliseconds: performance.now() - started };
  }
}
