/**
 * The record's inputs: every file the build reads to publish the record. They are walked once before
 * anything reads them (before the redaction gate, the content check and Astro's content layer, whose
 * loader would block forever on a FIFO), so every entry the walk refuses is reported together.
 */
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../uai/node/recordFiles.ts';
import type { Problem } from '../../uai/problem.ts';
import { FileTreeError, walkFiles } from './walkFiles.ts';

/** Content, schemas and fixtures, released editions, public/ and the hand-written head of llms.txt. */
export const RECORD_INPUTS = ['content', 'schemas', 'editions', 'public', 'llms.txt'] as const;

/** The problems of walking every input (FileTreeError's), in RECORD_INPUTS order; none when all are regular files. */
export function recordInputProblems(root = REPOSITORY_ROOT): Problem[] {
  return RECORD_INPUTS.flatMap((input) => {
    try {
      walkFiles(join(root, input));
      return [];
    } catch (error) {
      if (error instanceof FileTreeError) return [...error.problems];
      throw error;
    }
  });
}
