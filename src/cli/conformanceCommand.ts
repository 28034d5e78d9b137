/**
 * `uaix conformance --exec "<command>"` runs another implementation over the conformance pack
 * through the line protocol and reports per fixture; `uaix conformance-peer` is this package's own
 * implementation of the protocol's other side. Exit codes of `conformance`: 0 every fixture passes
 * (or fails as expected), 1 an unexpected failure or a stale expected failure, 2 a usage error or a
 * pack, expected-failures file or report that cannot be read or written.
 */
import { commandSpec } from '../uai/commandUsage.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, UsageError, parseCommandArgs, type CliIo } from './cliSupport.ts';
import { processPeer } from './processPeer.ts';
import { routeChecker } from './routeCommand.ts';
import { referenceAnswer, type ReferenceCheckers } from '../uai/conformanceAnswer.ts';
import { DEFAULT_TIMEOUT_MS, readExpectedFailures, reportLines, runConformance } from '../uai/conformanceRun.ts';
import { formatProblem } from '../uai/problem.ts';
import { packCases, shippedCases, type CaseSet } from '../uai/node/conformanceCases.ts';
import { RecordFileError } from '../uai/node/recordFiles.ts';
import type { PacketValidator } from '../uai/packetValidator.ts';

const MAX_TIMEOUT_MS = 600_000;

function timeoutOf(value: string | true | undefined): number {
  if (value === undefined) return DEFAULT_TIMEOUT_MS;
  const ms = typeof value === 'string' && /^[0-9]{1,6}$/.test(value) ? Number(value) : NaN;
  if (!(ms >= 1 && ms <= MAX_TIMEOUT_MS))
    throw new UsageError(`--timeout takes milliseconds from 1 to ${MAX_TIMEOUT_MS}; got ${JSON.stringify(value)}`);
  return ms;
}

function readText(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new RecordFileError({
      file,
      message: `cannot read the ${what} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    });
  }
}

export async function conformanceCommand(args: string[], io: CliIo, validator: () => PacketValidator): Promise<number> {
  const { flags, operands } = parseCommandArgs(args, commandSpec('conformance'));
  if (operands.length) throw new UsageError('conformance takes no operands; name the implementation with --exec');
  const command = flags.get('exec');
  if (typeof command !== 'string' || !command.trim())
    throw new UsageError('conformance needs --exec "<command>": the implementation to run over the pack');
  const timeoutMs = timeoutOf(flags.get('timeout'));
  const packFile = flags.get('pack') as string | undefined;
  const expectedFile = flags.get('expected-failures') as string | undefined;
  const reportFile = flags.get('report') as string | undefined;
  let set: CaseSet;
  let expected = new Map<string, string>();
  try {
    set = packFile ? packCases(packFile) : shippedCases(validator(), routeChecker());
    if (expectedFile) {
      const read = readExpectedFailures(readText(expectedFile, 'expected-failures file'), expectedFile);
      if (!read.ok) {
        for (const problem of read.problems) io.stderr.write(`uaix: ${formatProblem(problem)}\n`);
        return EXIT_USAGE;
      }
      expected = read.entries;
    }
  } catch (error) {
    if (!(error instanceof RecordFileError)) throw error;
    io.stderr.write(`uaix: ${error.message}\n`);
    return EXIT_USAGE;
  }
  const report = await runConformance(set.cases, processPeer(command), {
    evaluatedAt: set.evaluatedAt,
    timeoutMs,
    expectedFailures: expected,
    implementation: (flags.get('name') as string | undefined) ?? command,
    pack: set.source,
  });
  const text = `${JSON.stringify(report, null, 2)}\n`;
  if (reportFile) {
    try {
      writeFileSync(reportFile, text);
    } catch (error) {
      io.stderr.write(
        `uaix: ${reportFile}: cannot write the report (${(error as NodeJS.ErrnoException).code ?? 'error'})\n`,
      );
      return EXIT_USAGE;
    }
  }
  const { problems, summary } = reportLines(report);
  if (flags.has('json')) io.stdout.write(text);
  for (const problem of problems) io.stderr.write(`uaix: ${problem}\n`);
  (flags.has('json') ? io.stderr : io.stdout).write(`${summary}\n`);
  return report.ok ? EXIT_OK : EXIT_INVALID;
}

/** Reads request lines from standard input and answers each with the reference checkers, in order. */
export async function conformancePeerCommand(
  args: string[],
  io: CliIo,
  checkers: () => ReferenceCheckers,
): Promise<number> {
  const { operands } = parseCommandArgs(args, commandSpec('conformance-peer'));
  if (operands.length) throw new UsageError('conformance-peer takes no operands; it reads requests on standard input');
  let partial = '';
  const decoder = new TextDecoder();
  const answer = (line: string) => {
    if (line.trim()) io.stdout.write(`${referenceAnswer(line, checkers())}\n`);
  };
  for await (const chunk of io.stdin) {
    const text = partial + (typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      answer(text.slice(start, end));
      start = end + 1;
    }
    partial = text.slice(start);
  }
  answer(partial + decoder.decode());
  return EXIT_OK;
}
