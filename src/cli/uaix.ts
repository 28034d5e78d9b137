/**
 * `uaix`: validate, convert and digest UAI-1 packets, check route records, and check the published fixtures.
 * Exit codes: 0 success / all valid, 1 invalid input, 2 usage error or unreadable input.
 * Every failure is one line on stderr; no stack traces.
 */
import { createPacketValidator, type PacketReport, type PacketValidator } from '../uai/packetValidator.ts';
import { loadFixtureTree, loadRouteFixtureTree } from '../uai/node/recordFiles.ts';
import { readPacketFile, UnreadableInput } from '../uai/node/packetFiles.ts';
import { checkFixtures, checkRouteFixtures, formatFixtureFailure } from '../uai/fixtureCheck.ts';
import { decodeJsonBytes, DEFAULT_JSON_LIMITS } from '../uai/jsonText.ts';
import { canonicalize } from '../uai/jcs.ts';
import { parseValidationTime } from '../uai/validationTime.ts';
import type { UaiIssue } from '../uai/errorCodes.ts';
import { routeCommand, routeChecker } from './routeCommand.ts';
import { USAGE } from './usage.ts';

export { USAGE };

export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  stdin: AsyncIterable<Uint8Array | string>;
}

export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;


export class UsageError extends Error {}

/** An input that could not be read at all (missing, a directory, too large): exit 2. */
export { UnreadableInput };

export interface InputFile {
  name: string;
  bytes: Uint8Array;
}

export async function readInput(name: string, stdin: CliIo['stdin']): Promise<InputFile> {
  if (name === '-') {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of stdin) {
      const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
      size += bytes.length;
      if (size > DEFAULT_JSON_LIMITS.maxBytes) throw new UnreadableInput(`standard input is larger than ${DEFAULT_JSON_LIMITS.maxBytes} bytes`);
      chunks.push(bytes);
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    return { name: '<stdin>', bytes };
  }
  return { name, bytes: readPacketFile(name) };
}

interface ParsedArgs {
  flags: Map<string, string | true>;
  operands: string[];
}

/** Parses `--flag`, `--flag value` (for the names in `valued`) and operands; `-` is an operand. */
export function parseArgs(args: readonly string[], boolean: readonly string[], valued: readonly string[]): ParsedArgs {
  const flags = new Map<string, string | true>();
  const operands: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === '--') {
      operands.push(...args.slice(index + 1));
      break;
    }
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
      if (boolean.includes(name) && inline === undefined) flags.set(name, true);
      else if (valued.includes(name)) {
        const value = inline ?? args[++index];
        if (value === undefined) throw new UsageError(`--${name} needs a value`);
        flags.set(name, value);
      } else throw new UsageError(`unknown option --${name}`);
    } else operands.push(arg);
  }
  return { flags, operands };
}

function parseNow(value: string | true | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const parsed = typeof value === 'string' ? parseValidationTime(value) : undefined;
  if (!parsed?.ok) {
    throw new UsageError(`--now takes an RFC 3339 UTC date-time ending in Z, e.g. 2026-06-01T00:00:00Z; got ${JSON.stringify(value)}${parsed ? `: ${parsed.reason}` : ''}`);
  }
  return parsed.value;
}

let cachedValidator: PacketValidator | undefined;
function validator(): PacketValidator {
  cachedValidator ??= createPacketValidator();
  return cachedValidator;
}

export function issueLine(kind: 'error' | 'warning', issue: UaiIssue): string {
  return `  ${kind} ${issue.code} ${issue.path || '(root)'}: ${issue.message}\n`;
}

/** What `checkFiles` needs from any checker's report. */
export interface FileReport {
  valid: boolean;
  errors: UaiIssue[];
  warnings: UaiIssue[];
}

/**
 * Checks each operand in turn (validate, route check): one headline per file with its issues, or one
 * JSON array of reports with --json. Exit 0 when all are valid, 1 when one is not, 2 when one could
 * not be read (it is reported on stderr and skipped).
 */
export async function checkFiles<R extends FileReport>(
  operands: readonly string[],
  json: boolean,
  io: CliIo,
  check: (input: InputFile) => { report: R; json: object; headline: string },
): Promise<number> {
  const results: R[] = [];
  const reports: object[] = [];
  let unreadable = false;
  for (const operand of operands) {
    let input: InputFile;
    try {
      input = await readInput(operand, io.stdin);
    } catch (error) {
      if (!(error instanceof UnreadableInput)) throw error;
      io.stderr.write(`uaix: ${error.message}\n`);
      unreadable = true;
      continue;
    }
    const checked = check(input);
    results.push(checked.report);
    reports.push(checked.json);
    if (!json) {
      io.stdout.write(`${checked.headline}\n`);
      for (const error of checked.report.errors) io.stdout.write(issueLine('error', error));
      for (const warning of checked.report.warnings) io.stdout.write(issueLine('warning', warning));
    }
  }
  if (json) io.stdout.write(`${JSON.stringify(reports, null, 2)}\n`);
  else if (results.length > 1) {
    const valid = results.filter((result) => result.valid).length;
    io.stdout.write(`${results.length} files: ${valid} valid, ${results.length - valid} invalid\n`);
  }
  if (unreadable) return EXIT_USAGE;
  return results.every((result) => result.valid) ? EXIT_OK : EXIT_INVALID;
}

function reportJson(file: string, report: PacketReport) {
  return { file, valid: report.valid, profile: report.profile, form: report.form, digest: report.digest, errors: report.errors, warnings: report.warnings };
}

async function validateCommand(args: string[], io: CliIo): Promise<number> {
  const { flags, operands } = parseArgs(args, ['json'], ['now']);
  if (operands.length === 0) throw new UsageError('validate needs at least one file (or - for standard input)');
  const now = parseNow(flags.get('now'));
  return checkFiles(operands, flags.has('json'), io, (input) => {
    const report = validator().validateBytes(input.bytes, { now });
    const what = [report.profile, report.form].filter(Boolean).join(', ');
    const headline = `${input.name}: ${report.valid ? 'valid' : 'invalid'}${what ? ` (${what})` : ''}${report.digest ? ` ${report.digest}` : ''}`;
    return { report, json: reportJson(input.name, report), headline };
  });
}

/** Reads one operand as JSON; on failure prints the reading error and returns the exit code. */
async function readOneJson(args: string[], command: string, io: CliIo): Promise<{ value: unknown } | number> {
  const { operands } = parseArgs(args, [], []);
  if (operands.length !== 1) throw new UsageError(`${command} takes exactly one file (or - for standard input)`);
  const input = await readInput(operands[0], io.stdin);
  const read = decodeJsonBytes(input.bytes);
  if (!read.ok) {
    io.stderr.write(`uaix: ${input.name}: ${read.error.code} ${read.error.path || '(root)'}: ${read.error.message}\n`);
    return EXIT_INVALID;
  }
  return { value: read.value };
}

export function printIssues(io: CliIo, issues: UaiIssue[]): number {
  for (const issue of issues) io.stderr.write(`uaix: ${issue.code} ${issue.path || '(root)'}: ${issue.message}\n`);
  return EXIT_INVALID;
}

async function codecCommand(command: 'compact' | 'expand' | 'digest' | 'canonicalize', args: string[], io: CliIo): Promise<number> {
  const read = await readOneJson(args, command, io);
  if (typeof read === 'number') return read;
  if (command === 'canonicalize') {
    try {
      io.stdout.write(canonicalize(read.value));
    } catch (error) {
      return printIssues(io, [{ code: 'UAI-JSON-PARSE', path: (error as { path?: string }).path ?? '', message: (error as Error).message }]);
    }
    return EXIT_OK;
  }
  const result = command === 'compact' ? validator().compact(read.value) : command === 'expand' ? validator().expand(read.value) : validator().digest(read.value);
  if (!result.ok) return printIssues(io, result.issues);
  io.stdout.write(command === 'digest' ? `${result.value}\n` : `${JSON.stringify(result.value, null, 4)}\n`);
  return EXIT_OK;
}

function checkFixturesCommand(args: string[], io: CliIo): number {
  const { flags, operands } = parseArgs(args, ['json'], []);
  if (operands.length) throw new UsageError('check-fixtures takes no files; it checks schemas/uai-1/examples/');
  const tree = loadFixtureTree();
  const packets = checkFixtures(validator(), tree.fixtures, tree.expectations);
  const routeTree = loadRouteFixtureTree();
  const routes = checkRouteFixtures(routeChecker(), routeTree.fixtures, routeTree.expectations);
  const result = {
    ok: packets.ok && routes.ok,
    evaluatedAt: packets.evaluatedAt,
    counts: { ...packets.counts, ...routes.counts },
    failures: [...packets.failures, ...routes.failures],
    checked: packets.fixtures.length + routes.fixtures.length,
  };
  if (flags.has('json')) {
    io.stdout.write(`${JSON.stringify({ ok: result.ok, evaluated_at: result.evaluatedAt, counts: result.counts, failures: result.failures }, null, 2)}\n`);
  } else {
    for (const [group, count] of Object.entries(result.counts)) io.stdout.write(`${group}: ${count.valid} valid, ${count.invalid} invalid\n`);
    for (const failure of result.failures) io.stderr.write(`${formatFixtureFailure(failure)}\n`);
    io.stdout.write(`${result.checked} fixtures checked at ${result.evaluatedAt}: ${result.ok ? 'all as expected' : `${result.failures.length} failure(s)`}\n`);
  }
  return result.ok ? EXIT_OK : EXIT_INVALID;
}

export async function main(argv: string[], io: CliIo): Promise<number> {
  const [command, ...args] = argv;
  try {
    switch (command) {
      case 'validate':
        return await validateCommand(args, io);
      case 'compact':
      case 'expand':
      case 'digest':
      case 'canonicalize':
        return await codecCommand(command, args, io);
      case 'check-fixtures':
        return checkFixturesCommand(args, io);
      case 'route':
        return await routeCommand(args, io);
      case '--help':
      case '-h':
      case 'help':
        io.stdout.write(`${USAGE}\n`);
        return EXIT_OK;
      case undefined:
        throw new UsageError('no command given');
      default:
        throw new UsageError(`unknown command ${JSON.stringify(command)}`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`uaix: ${error.message}\n${USAGE}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof UnreadableInput) {
      io.stderr.write(`uaix: ${error.message}\n`);
      return EXIT_USAGE;
    }
    io.stderr.write(`uaix: internal error: ${(error as Error).message ?? String(error)}\n`);
    return 70;
  }
}
