/**
 * No schema pattern with catastrophic backtracking is compiled: every `pattern` and
 * `patternProperties` key of the schemas the build and `npm run generate` compile (schemas/uai-1/,
 * schemas/site/, and each edition's schemas) goes through the ReDoS checker recheck first. One that
 * recheck finds vulnerable, or cannot show to be linear, is refused with one line (the file, the
 * JSON Pointer, the complexity and the length of recheck's attack string). A verdict depends only on
 * the pattern's text and recheck's version, so safe and vulnerable verdicts are kept in
 * `.cache/schema-patterns.json`: a warm build checks only new patterns.
 */
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { check } from 'recheck';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import type { Problem } from '../../../uai/problem.ts';
import { objectOf, recordOf, string } from '../../model/jsonShape.ts';
import { walkFiles } from '../../node/walkFiles.ts';
import { cacheNote, readCacheFile, writeCacheFile } from '../../node/cacheFile.ts';
import { SCHEMA_PATTERN_FLAGS, schemaPatterns } from '../schemaPatterns.ts';
import { schemaReferenceProblems, type SchemaSource } from '../schemaReferences.ts';

export const SCHEMA_PATTERN_RULE = 'schema-pattern-redos';

/**
 * How long recheck may take over one pattern. Its inner steps are bounded by step counts, not
 * clocks (as in tests/unit/regexSafety.test.ts): under load, clocks make safe patterns look vulnerable.
 * 60 s: the native checker takes milliseconds a pattern; a machine running seven builds took over 20 s.
 */
const CHECK_TIMEOUT_MS = 60_000;

/** A verdict worth keeping: the same pattern text gets the same one from the same recheck. */
type Verdict = { status: 'safe' } | { status: 'vulnerable'; complexity: string; attackLength: number };

interface CacheContent {
  recheck: string;
  verdicts: Record<string, Verdict>;
}

const CACHE_SHAPE = objectOf({ recheck: string, verdicts: recordOf(objectOf({ status: string })) });

const RECHECK_VERSION = (createRequire(import.meta.url)('recheck/package.json') as { version: string }).version;

/** The schema files compiled under `root` (schemas/, each edition's schemas/), repository-relative, sorted. */
export function compiledSchemaFiles(root = REPOSITORY_ROOT): string[] {
  const under = (folder: string) => (isFolder(join(root, folder)) ? walkFiles(join(root, folder)) : []);
  return [
    ...under('schemas'),
    ...under('editions').filter((file) => relative(root, file).split(sep).includes('schemas')),
  ]
    .filter((file) => file.endsWith('.schema.json'))
    .map((file) => relative(root, file).split(sep).join('/'))
    .sort();
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** What recheck says of one pattern: a verdict, or why it could not give one. */
async function verdictOf(source: string): Promise<Verdict | { status: 'unknown'; why: string }> {
  const result = await check(source, SCHEMA_PATTERN_FLAGS, {
    timeout: CHECK_TIMEOUT_MS,
    attackTimeout: null,
    incubationTimeout: null,
    seedingTimeout: null,
    recallTimeout: -1,
  });
  if (result.status === 'safe') return { status: 'safe' };
  if (result.status === 'vulnerable')
    return { status: 'vulnerable', complexity: result.complexity.summary, attackLength: result.attack.string.length };
  return { status: 'unknown', why: result.error.kind === 'timeout' ? 'its analysis timed out' : result.error.kind };
}

function readVerdicts(file: string): Map<string, Verdict> {
  const read = readCacheFile<CacheContent>(file, CACHE_SHAPE);
  if ('damaged' in read) cacheNote(file, read.damaged, 'every schema pattern is checked again');
  return new Map('value' in read && read.value.recheck === RECHECK_VERSION ? Object.entries(read.value.verdicts) : []);
}

/**
 * The compiled schema files of `root`, parsed. A file that is not a regular file (never opened: a
 * FIFO would block), or not JSON, is left to the stages that read it (which say so in one line).
 */
export function readSchemaSources(root = REPOSITORY_ROOT): SchemaSource[] {
  return compiledSchemaFiles(root).flatMap((file) => {
    const path = join(root, file);
    try {
      if (!statSync(path).isFile()) return [];
      return [{ file, doc: JSON.parse(readFileSync(path, 'utf8')) as unknown }];
    } catch {
      return [];
    }
  });
}

/**
 * What must hold of the schemas before any is compiled: each `$ref` resolves among the record's
 * schemas (schemaReferences.ts), and each pattern is linear.
 */
export async function schemaSourceProblems(root = REPOSITORY_ROOT): Promise<Problem[]> {
  const sources = readSchemaSources(root);
  return [...schemaReferenceProblems(sources), ...(await schemaPatternProblems(sources, root))];
}

/** The problems of the patterns in `sources`: none when each is linear. */
export async function schemaPatternProblems(
  sources: readonly SchemaSource[],
  root = REPOSITORY_ROOT,
): Promise<Problem[]> {
  const cacheFile = join(root, '.cache/schema-patterns.json');
  const known = readVerdicts(cacheFile);
  const problems: Problem[] = [];
  let checked = 0;
  for (const { file, doc } of sources) {
    for (const { pointer, source } of schemaPatterns(doc)) {
      let verdict = known.get(source);
      if (!verdict) {
        const found = await verdictOf(source);
        if (found.status === 'unknown') {
          problems.push({
            file,
            place: { pointer },
            message: `the pattern ${JSON.stringify(source)} could not be shown to run in linear time (recheck: ${found.why})`,
            rule: SCHEMA_PATTERN_RULE,
          });
          continue;
        }
        verdict = found;
        known.set(source, verdict);
        checked++;
      }
      if (verdict.status === 'vulnerable')
        problems.push({
          file,
          place: { pointer },
          message: `the pattern ${JSON.stringify(source)} backtracks catastrophically (${verdict.complexity}; recheck's attack string has ${verdict.attackLength} characters)`,
          rule: SCHEMA_PATTERN_RULE,
          hint: 'write it so that no two ways of matching overlap',
        });
    }
  }
  if (checked)
    writeCacheFile(cacheFile, {
      recheck: RECHECK_VERSION,
      verdicts: Object.fromEntries([...known].sort(([a], [b]) => (a < b ? -1 : 1))),
    } satisfies CacheContent);
  return problems;
}
