/**
 * What every `uaix` command shares: the I/O it is given, exit codes, usage and input errors, reading
 * a file or standard input, option parsing (node:util parseArgs) and the per-file report loop.
 * `uaix.ts` (the command table) and `routeCommand.ts` both import it; it imports neither.
 */
import type { CommandSpec } from '../uai/commandUsage.ts';
import { parseArgs } from 'node:util';
import { DEFAULT_JSON_LIMITS } from '../uai/jsonText.ts';
import { readPacketFile, UnreadableInput } from '../uai/node/packetFiles.ts';
import type { UaiIssue } from '../uai/errorCodes.ts';

export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  stdin: AsyncIterable<Uint8Array | string>;
}

export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;

export class UsageError extends Error {}

// An input that could not be read at all (missing, a directory) is UnreadableInput: exit 2. A file over
// the size limit is read, and invalid: UAI-JSON-TOO-LARGE, exit 1.
export { UnreadableInput };

export interface InputFile {
  name: string;
  bytes: Uint8Array;
}

export async function readInput(name: string, stdin: CliIo['stdin']): Promise<InputFile> {
  if (name === '-') {
    const chunks: Uint8Array[] = [];
    let size = 0;
    // Past the limit, one more byte is kept and the rest is not read: the reader then refuses the
    // input as too large (UAI-JSON-TOO-LARGE), as it does a named file of that size.
    const limit = DEFAULT_JSON_LIMITS.maxBytes + 1;
    for await (const chunk of stdin) {
      const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
      chunks.push(bytes.subarray(0, limit - size));
      size = Math.min(limit, size + bytes.length);
      if (size === limit) break;
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

export interface ParsedArgs {
  flags: Map<string, string | true>;
  operands: string[];
}

/**
 * Parses `--flag`, `--flag value` / `--flag=value` (for the names in `valued`) and operands, with
 * node:util parseArgs; `-` is an operand and `--` ends the options. Standard input can be read once,
 * so `-` may be named once. Every mistake is a UsageError with a one-line message.
 */
export function parseCommandArgs(args: readonly string[], command: CommandSpec): ParsedArgs {
  const { flags: boolean, values: valued } = command;
  const options = Object.fromEntries([
    ...boolean.map((name) => [name, { type: 'boolean' as const }]),
    ...valued.map((name) => [name, { type: 'string' as const }]),
  ]);
  // Non-strict, with tokens: the checks below give uaix's own messages instead of parseArgs' long ones.
  const { tokens } = parseArgs({ args: [...args], options, allowPositionals: true, strict: false, tokens: true });
  const flags = new Map<string, string | true>();
  const operands: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') operands.push(token.value);
    if (token.kind !== 'option') continue;
    const option = `${token.rawName.startsWith('--') ? '--' : '-'}${token.name}`;
    if (boolean.includes(token.name)) {
      if (token.value !== undefined) throw new UsageError(`${option} takes no value`);
      flags.set(token.name, true);
    } else if (valued.includes(token.name)) {
      // "--now --json": parseArgs would take the next option as the value.
      if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--')))
        throw new UsageError(`${option} needs a value`);
      flags.set(token.name, token.value);
    } else throw new UsageError(`unknown option ${option}`);
  }
  if (operands.filter((operand) => operand === '-').length > 1) {
    throw new UsageError('standard input (-) can be named only once: it can be read only once');
  }
  return { flags, operands };
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
 * Writes a JSON array one element at a time, byte for byte as `JSON.stringify(elements, null, 2)`
 * would: each element is written, then dropped, so the output never has to be held at once.
 */
export class JsonArrayWriter {
  private count = 0;

  constructor(private readonly out: CliIo['stdout']) {}

  add(element: object): void {
    // JSON text holds no raw line break inside a string, so indenting every line indents the element.
    const text = JSON.stringify(element, null, 2).replace(/\n/g, '\n  ');
    this.out.write(`${this.count++ ? ',\n' : '[\n'}  ${text}`);
  }

  end(): void {
    this.out.write(this.count ? '\n]\n' : '[]\n');
  }
}

/**
 * Checks each operand in turn (validate, route check): one headline per file with its issues, or one
 * JSON array of reports with --json. Each file is read, checked and printed before the next is read,
 * and only its verdict is kept, so memory is bounded by the largest input, not by the number of
 * files. Exit 0 when all are valid, 1 when one is not, 2 when one could not be read (it is reported
 * on stderr and skipped).
 */
export async function checkFiles<R extends FileReport>(
  operands: readonly string[],
  json: boolean,
  io: CliIo,
  check: (input: InputFile) => { report: R; json: object; headline: string },
): Promise<number> {
  const array = json ? new JsonArrayWriter(io.stdout) : undefined;
  let checked = 0;
  let valid = 0;
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
    const { report, json: reportJson, headline } = check(input);
    checked++;
    if (report.valid) valid++;
    if (array) array.add(reportJson);
    else {
      io.stdout.write(`${headline}\n`);
      for (const error of report.errors) io.stdout.write(issueLine('error', error));
      for (const warning of report.warnings) io.stdout.write(issueLine('warning', warning));
    }
  }
  if (array) array.end();
  else if (checked > 1) io.stdout.write(`${checked} files: ${valid} valid, ${checked - valid} invalid\n`);
  if (unreadable) return EXIT_USAGE;
  return valid === checked ? EXIT_OK : EXIT_INVALID;
}

export function printIssues(io: CliIo, issues: UaiIssue[]): number {
  for (const issue of issues) io.stderr.write(`uaix: ${issue.code} ${issue.path || '(root)'}: ${issue.message}\n`);
  return EXIT_INVALID;
}
