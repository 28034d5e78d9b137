/**
 * Node-side loading of the record's files: the schema documents and the fixture folders.
 * Everything else in src/uai takes plain data, so it also runs in the browser.
 */
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCHEMA_BASE_URL, type SchemaDocument } from '../schemaRegistry.ts';
import { EXPECTATIONS_FILE, type FixtureInput, type ExpectationInput } from '../fixtureCheck.ts';
import { jsonReadProblem, readJsonText } from '../jsonText.ts';
import { ProblemListError, type Problem } from '../problem.ts';

/**
 * The repository root: the nearest folder above this module that holds schemas/uai-1. Walking up
 * (rather than a fixed ../../..) also works from Astro's bundled copy of this module in dist/.
 */
function findRepositoryRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'schemas', 'uai-1'))) return dir;
    if (dirname(dir) === dir) return resolve(start, '../../..');
  }
}

export const REPOSITORY_ROOT = findRepositoryRoot(dirname(fileURLToPath(import.meta.url)));
export const SCHEMA_DIR = join(REPOSITORY_ROOT, 'schemas/uai-1');
export const EXAMPLES_DIR = join(SCHEMA_DIR, 'examples');

/** A record file that cannot be used: its one problem names the file (and the place, when known). */
export class RecordFileError extends ProblemListError {
  readonly problem: Problem;

  constructor(problem: Problem) {
    super(problem);
    this.problem = problem;
  }
}

/**
 * The problem of a file the system would not let the build read (EACCES, EIO, EISDIR…): the file
 * and the system's code. A read, never a write: the codes alone do not tell the two apart.
 */
export function readProblem(path: string, error: unknown): Problem {
  const { code, message } = error as NodeJS.ErrnoException;
  // Node's message is "CODE: what, syscall 'path'": the words between the code and the syscall.
  const words = String(message ?? error).replace(/^[A-Z]+: /, '');
  const comma = words.indexOf(', ');
  return {
    file: repositoryPath(path),
    message: `could not be read: ${code ?? 'error'}${comma < 0 ? '' : `, ${words.slice(0, comma)}`}`,
    rule: 'file-read',
    hint: READ_HINTS[code ?? ''] ?? 'check the file and the disk, then build again',
  };
}

const READ_HINTS: Record<string, string> = {
  EACCES: 'make it readable by the user who builds',
  EPERM: 'make it readable by the user who builds',
  EISDIR: 'a folder stands where a file is read: replace it with the file',
};

/** The bytes of the record file `path`; a RecordFileError naming it when the system refuses the read. */
export function readRecordFile(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new RecordFileError(readProblem(path, error));
  }
}

/** A path as messages name it: repository-relative inside the repository, as given outside it. */
export function repositoryPath(path: string): string {
  return path.startsWith(REPOSITORY_ROOT + sep)
    ? path
        .slice(REPOSITORY_ROOT.length + 1)
        .split(sep)
        .join('/')
    : path;
}

/** A schema file as published: its name, its verbatim text and the parsed document. */
export interface SchemaFile {
  fileName: string;
  text: string;
  doc: SchemaDocument;
}

/** Every `*.schema.json` in the schema folder, sorted by file name; each `$id` must match its file name. */
export function loadSchemaFiles(dir = SCHEMA_DIR): SchemaFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.schema.json'))
    .sort()
    .map((fileName) => {
      const path = join(dir, fileName);
      const file = repositoryPath(path);
      const text = readRecordFile(path).toString('utf8');
      // The core's reader: a syntax error comes with its line and column, not a character offset.
      const read = readJsonText(text);
      if (!read.ok) throw new RecordFileError(jsonReadProblem(file, read.error));
      const doc = read.value as SchemaDocument;
      if (doc.$id !== `${SCHEMA_BASE_URL}${fileName}`) {
        throw new RecordFileError({
          file,
          place: { pointer: '/$id' },
          message: `must be ${SCHEMA_BASE_URL}${fileName}, found ${JSON.stringify(doc.$id)}`,
        });
      }
      return { fileName, text, doc };
    });
}

export function loadSchemaDocuments(dir = SCHEMA_DIR): SchemaDocument[] {
  return loadSchemaFiles(dir).map((file) => file.doc);
}

export interface FixtureTree {
  fixtures: FixtureInput[];
  expectations: ExpectationInput[];
}

export { EXPECTATIONS_FILE };

/** Route-record fixtures live in examples/routes/ and are checked by the route checker, not as packets. */
export const ROUTE_FIXTURE_GROUP = 'routes';
export const ROUTE_FIXTURES_DIR = join(EXAMPLES_DIR, ROUTE_FIXTURE_GROUP);

/** Reads `<groupDir>/{valid,invalid}/*.json` and each folder's `_expected.json` into `tree`. */
function readFixtureGroup(groupDir: string, group: string, tree: FixtureTree): void {
  for (const verdict of ['valid', 'invalid'] as const) {
    const folder = join(groupDir, verdict);
    let names: string[];
    try {
      names = readdirSync(folder).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      const path = join(folder, name);
      const file = path.slice(REPOSITORY_ROOT.length + 1);
      if (name === EXPECTATIONS_FILE) {
        tree.expectations.push({ group, file, text: readRecordFile(path).toString('utf8'), verdict });
      } else if (name.endsWith('.json')) {
        tree.fixtures.push({
          group,
          verdict,
          name: name.replace(/\.json$/, ''),
          file,
          bytes: new Uint8Array(readRecordFile(path)),
        });
      } else {
        throw new RecordFileError({ file, message: 'fixture folders hold only .json files' });
      }
    }
  }
}

/** Reads the packet fixtures, `examples/<group>/{valid,invalid}/*.json`, and each `invalid/_expected.json`. */
export function loadFixtureTree(dir = EXAMPLES_DIR): FixtureTree {
  const tree: FixtureTree = { fixtures: [], expectations: [] };
  for (const group of readdirSync(dir).sort()) {
    if (group === ROUTE_FIXTURE_GROUP || !statSync(join(dir, group)).isDirectory()) continue;
    readFixtureGroup(join(dir, group), group, tree);
  }
  return tree;
}

/** Reads the route-record fixtures, `examples/routes/{valid,invalid}/*.json`. */
export function loadRouteFixtureTree(dir = ROUTE_FIXTURES_DIR): FixtureTree {
  const tree: FixtureTree = { fixtures: [], expectations: [] };
  readFixtureGroup(dir, ROUTE_FIXTURE_GROUP, tree);
  return tree;
}
