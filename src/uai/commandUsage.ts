/**
 * The `uaix` commands as one table: each command's synopsis, its options (which the CLI parses by
 * this table) and what it does. The usage text printed by the CLI, shown on the validator page and
 * in docs/cli.md is made from it. Data about the command, so the core holds it and every layer may
 * read it.
 */

export interface CommandSpec {
  /** The command as typed: `validate`, `route check`. */
  name: string;
  /** The synopsis after the name, one string per printed line. */
  synopsis: readonly string[];
  /** Options that take no value (`--json`). */
  flags: readonly string[];
  /** Options that take a value (`--now <date-time>`). */
  values: readonly string[];
  summary: string;
}

export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'validate',
    synopsis: ['[--json] [--now <date-time>] <file|->...'],
    flags: ['json'],
    values: ['now'],
    summary: 'validate packets (keyed or keyless)',
  },
  { name: 'compact', synopsis: ['<file|->'], flags: [], values: [], summary: 'keyed packet -> keyless form' },
  { name: 'expand', synopsis: ['<file|->'], flags: [], values: [], summary: 'keyless packet -> keyed form' },
  { name: 'digest', synopsis: ['<file|->'], flags: [], values: [], summary: 'sha256:<hex> of the canonical packet' },
  {
    name: 'canonicalize',
    synopsis: ['<file|->'],
    flags: [],
    values: [],
    summary: 'RFC 8785 (JCS) bytes of a JSON document',
  },
  {
    name: 'check-fixtures',
    synopsis: ['[--json]'],
    flags: ['json'],
    values: [],
    summary: 'check every published fixture',
  },
  {
    name: 'route check',
    synopsis: ['[--json] <file|->...'],
    flags: ['json'],
    values: [],
    summary: 'check route records',
  },
  {
    name: 'route resolve',
    synopsis: ['<file|-> --client <kind> [--json]'],
    flags: ['json'],
    values: ['client'],
    summary: 'what a client kind does on a route',
  },
  {
    name: 'conformance',
    synopsis: [
      '--exec "<command>" [--pack <file>] [--expected-failures <file>]',
      '[--seed <n>] [--generated <n>] [--timeout <ms>]',
      '[--report <file>] [--name <label>] [--json]',
    ],
    flags: ['json'],
    values: ['exec', 'pack', 'expected-failures', 'seed', 'generated', 'timeout', 'report', 'name'],
    summary: 'run an implementation over the conformance pack',
  },
  {
    name: 'conformance-peer',
    synopsis: [],
    flags: [],
    values: [],
    summary: 'answer conformance requests (stdin -> stdout)',
  },
];

/** The command of the table named `name`; the CLI parses its arguments by its flags and values. */
export function commandSpec(name: string): CommandSpec {
  const spec = COMMANDS.find((command) => command.name === name);
  if (!spec) throw new Error(`no uaix command ${name} in the command table`);
  return spec;
}

/** Where a summary starts: after the widest one-line synopsis. */
const SUMMARY_COLUMN = 52;

function commandLines(command: CommandSpec): string[] {
  const [first = '', ...more] = command.synopsis;
  const head = `  ${command.name}${first ? ` ${first}` : ''}`;
  if (!more.length && head.length < SUMMARY_COLUMN) return [`${head.padEnd(SUMMARY_COLUMN + 2)}${command.summary}`];
  const indent = ' '.repeat(command.name.length + 3);
  return [head, ...more.map((line) => `${indent}${line}`), `${' '.repeat(SUMMARY_COLUMN + 2)}${command.summary}`];
}

const NOTES = `Exit codes: 0 valid / done, 1 invalid input, 2 usage error or unreadable input.
A file over 4 MiB (4194304 bytes) is invalid input: UAI-JSON-TOO-LARGE, as in the library.
- is standard input; name it once. Output to a closed pipe (| head) ends quietly.
--now pins the clock for UAI-EXPIRED (RFC 3339 UTC, e.g. 2026-06-01T00:00:00Z).
conformance (protocol uaix-conformance/2) sends every form of every pack fixture and --generated
fresh cases (default 200), in the order of --seed (default random, printed; the same seed replays
the run), each under an opaque id; it exits 0 when every case passes or fails as expected, 1 on
an unexpected failure or a stale expected failure, 2 on a usage error or an unreadable pack or
file; --timeout is per case (default 10000 ms).`;

export const USAGE = ['usage: uaix <command> [options]', '', ...COMMANDS.flatMap(commandLines), '', NOTES].join('\n');
