/**
 * `uaix`: validate, convert and digest UAI-1 packets, check route records, check the published fixtures, and
 * run another implementation over the conformance pack (`conformance --exec`).
 * Exit codes: 0 success / all valid, 1 invalid input, 2 usage error or unreadable input.
 * Every failure is one line on stderr; no stack traces.
 */
import { packetFindings, type PacketReport, type PacketValidator } from '../uai/packetValidator.ts';
import { createNodePacketValidator } from '../uai/node/nodeValidator.ts';
import { loadFixtureTree, loadRouteFixtureTree } from '../uai/node/recordFiles.ts';
import { checkFixtures, checkRouteFixtures, fixtureProblem } from '../uai/fixtureCheck.ts';
import { formatProblem } from '../uai/problem.ts';
import { decodeJsonBytes } from '../uai/jsonText.ts';
import { canonicalize } from '../uai/jcs.ts';
import { parseUtcDateTime, type UtcDateTime } from '../uai/utcDateTime.ts';
import { routeCommand, routeChecker } from './routeCommand.ts';
import { conformanceCommand, conformancePeerCommand } from './conformanceCommand.ts';
import { USAGE, commandSpec } from '../uai/commandUsage.ts';
import {
  EXIT_INVALID,
  EXIT_OK,
  EXIT_USAGE,
  UnreadableInput,
  UsageError,
  checkFiles,
  parseCommandArgs,
  printIssues,
  readInput,
  type CliIo,
} from './cliSupport.ts';

function parseNow(value: string | true | undefined): UtcDateTime | undefined {
  if (value === undefined) return undefined;
  const parsed = typeof value === 'string' ? parseUtcDateTime(value) : undefined;
  if (!parsed?.ok) {
    const reason = parsed ? `: ${parsed.reason}` : '';
    throw new UsageError(
      `--now takes an RFC 3339 UTC date-time ending in Z, e.g. 2026-06-01T00:00:00Z; got ${JSON.stringify(value)}${reason}`,
    );
  }
  return parsed.value;
}

let cachedValidator: PacketValidator | undefined;
function validator(): PacketValidator {
  cachedValidator ??= createNodePacketValidator();
  return cachedValidator;
}

function reportJson(file: string, report: PacketReport) {
  return { file, ...packetFindings(report) };
}

async function validateCommand(args: string[], io: CliIo): Promise<number> {
  const { flags, operands } = parseCommandArgs(args, commandSpec('validate'));
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
  const { operands } = parseCommandArgs(args, commandSpec(command));
  if (operands.length !== 1) throw new UsageError(`${command} takes exactly one file (or - for standard input)`);
  const input = await readInput(operands[0], io.stdin);
  const read = decodeJsonBytes(input.bytes);
  if (!read.ok) {
    io.stderr.write(`uaix: ${input.name}: ${read.error.code} ${read.error.path || '(root)'}: ${read.error.message}\n`);
    return EXIT_INVALID;
  }
  return { value: read.value };
}

async function codecCommand(
  command: 'compact' | 'expand' | 'digest' | 'canonicalize',
  args: string[],
  io: CliIo,
): Promise<number> {
  const read = await readOneJson(args, command, io);
  if (typeof read === 'number') return read;
  if (command === 'canonicalize') {
    try {
      io.stdout.write(canonicalize(read.value));
    } catch (error) {
      return printIssues(io, [
        { code: 'UAI-JSON-PARSE', path: (error as { path?: string }).path ?? '', message: (error as Error).message },
      ]);
    }
    return EXIT_OK;
  }
  const result =
    command === 'compact'
      ? validator().compact(read.value)
      : command === 'expand'
        ? validator().expand(read.value)
        : validator().digest(read.value);
  if (!result.ok) return printIssues(io, result.issues);
  io.stdout.write(command === 'digest' ? `${result.value}\n` : `${JSON.stringify(result.value, null, 4)}\n`);
  return EXIT_OK;
}

function checkFixturesCommand(args: string[], io: CliIo): number {
  const { flags, operands } = parseCommandArgs(args, commandSpec('check-fixtures'));
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
    io.stdout.write(
      `${JSON.stringify({ ok: result.ok, evaluated_at: result.evaluatedAt, counts: result.counts, failures: result.failures }, null, 2)}\n`,
    );
  } else {
    for (const [group, count] of Object.entries(result.counts))
      io.stdout.write(`${group}: ${count.valid} valid, ${count.invalid} invalid\n`);
    for (const failure of result.failures) io.stderr.write(`${formatProblem(fixtureProblem(failure))}\n`);
    io.stdout.write(
      `${result.checked} fixtures checked at ${result.evaluatedAt}: ${result.ok ? 'all as expected' : `${result.failures.length} failure(s)`}\n`,
    );
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
      case 'conformance':
        return await conformanceCommand(args, io, validator);
      case 'conformance-peer':
        return await conformancePeerCommand(args, io, () => ({ validator: validator(), routeChecker: routeChecker() }));
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
