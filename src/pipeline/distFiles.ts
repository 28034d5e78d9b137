/**
 * The output folder as the stages after Astro see it: files by public path (`/a/b.json`), written
 * through the reporting writers (a failed write stops the build with its file), read once with
 * their bytes for the manifest's digests and the redaction gate. A file whose bytes the output this
 * build replaces already holds at its path is linked from there, not written again (a one-page edit
 * writes that page's mirrors, not every page's); the bytes published are the same either way, and
 * the gates read them from this folder like any other file.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { walkFiles } from '../record/node/walkFiles.ts';
import { copyFileReporting, linkIfSame, writeFileReporting } from '../record/node/fileWrites.ts';
import { fail } from './buildFailure.ts';

/** Writes and reads dist/ by public path (`/a/b.json`). */
export class Dist {
  /** Public paths linked from the previous output rather than written. */
  readonly linked = new Set<string>();
  /** Files written (or copied) rather than linked. */
  written = 0;

  /** `previous`: the output folder this build replaces, when it is a folder of its own (not a link). */
  constructor(
    readonly root: string,
    private readonly previous?: string,
  ) {}

  write(path: string, contents: string | Uint8Array): void {
    const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
    const file = this.freshTarget(path);
    if (this.linkedFromPrevious(path, file, bytes)) return;
    const problem = writeFileReporting(file, bytes);
    if (problem) fail('writing dist/', [problem]);
    this.written++;
  }

  /** Copies the source file `file` to `path` (linked instead when the previous output holds its bytes there). */
  copy(file: string, path: string): void {
    const target = this.freshTarget(path);
    if (this.previous !== undefined && this.linkedFromPrevious(path, target, readableBytes(file))) return;
    const problem = copyFileReporting(file, target);
    if (problem) fail('writing dist/', [problem]);
    this.written++;
  }

  private linkedFromPrevious(path: string, file: string, bytes: Uint8Array | undefined): boolean {
    if (this.previous === undefined || bytes === undefined) return false;
    if (!linkIfSame(join(this.previous, path), file, bytes)) return false;
    this.linked.add(path);
    return true;
  }

  /**
   * The file of `path`, first unlinked when this build linked it from the previous output: a write
   * into it would change the previous output's file too, which must stay as it was until the swap
   * (and for good, when the build fails).
   */
  private freshTarget(path: string): string {
    const file = join(this.root, path);
    if (this.linked.delete(path)) rmSync(file, { force: true });
    return file;
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

/** The bytes of `file`, or undefined when it cannot be read (the copy that follows says why). */
function readableBytes(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** A published file's public path and bytes, read once for the manifest's digests and the redaction gate. */
export interface PublishedBytes {
  path: string;
  bytes: Uint8Array;
}
