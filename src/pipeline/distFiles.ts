/**
 * The output folder as the stages after Astro see it: files by public path (`/a/b.json`), written
 * through the reporting writers (a failed write stops the build with its file), read once with
 * their bytes for the manifest's digests and the redaction gate.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { walkFiles } from '../record/node/walkFiles.ts';
import { copyFileReporting, writeFileReporting } from '../record/node/fileWrites.ts';
import { fail } from './buildFailure.ts';

/** Writes and reads dist/ by public path (`/a/b.json`). */
export class Dist {
  constructor(readonly root: string) {}

  write(path: string, text: string): void {
    const problem = writeFileReporting(join(this.root, path), text);
    if (problem) fail('writing dist/', [problem]);
  }

  copy(file: string, path: string): void {
    const problem = copyFileReporting(file, join(this.root, path));
    if (problem) fail('writing dist/', [problem]);
  }

  publicPathOf(file: string): string {
    return `/${relative(this.root, file).split('\\').join('/')}`;
  }

  /** Every file's public path. */
  paths(): string[] {
    return walkFiles(this.root).map((file) => this.publicPathOf(file));
  }

  /**
   * Every file with its bytes, in walkFiles order, by public path; without entering the top-level
   * folder `skipped` (one that another process may be writing), and reading only the files `known`
   * does not already hold.
   */
  read(options: { skipped?: string; known?: ReadonlyMap<string, Uint8Array> } = {}): PublishedBytes[] {
    const { skipped, known } = options;
    const skippedPath = skipped === undefined ? undefined : join(this.root, skipped);
    return walkFiles(this.root, (folder) => folder === skippedPath).map((file) => {
      const path = this.publicPathOf(file);
      return { path, bytes: known?.get(path) ?? readFileSync(file) };
    });
  }
}

/** A published file's public path and bytes, read once for the manifest's digests and the redaction gate. */
export interface PublishedBytes {
  path: string;
  bytes: Uint8Array;
}
