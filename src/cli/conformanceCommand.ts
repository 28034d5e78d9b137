/**
 * `uaix conformance --exec "<command>"` runs another implementation over the conformance pack (every
 * form of every fixture) and over cases generated for the run, in a seeded order under opaque ids,
 * through the line protocol, and reports per case and per requirement; `uaix conformance-peer` is this
 * package's own implementation of the protocol's other side. Exit codes of `conformance`: 0 every
 * case passes (or fails as expected), 1 an unexpected failure or a stale expected failure, 2 a usage
 * error or a pack, expected-failures file or report that cannot be read or written.
 */
import { commandSpec } from '../uai/commandUsage.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, UsageError, parseCommandArgs, type CliIo } from './cliSupport.ts';
import { processPeer } from './processPeer.ts';
import { routeChecker } from './routeCommand.ts';
import { referenceAnswer, type ReferenceCheckers } from '../uai/conformanceAnswer.ts';
import { DEFAULT_TIMEOUT_MS, readExpectedFailures, reportLines, runConformance } from '../uai/conformanceRun.ts';
import { generateCases } from '../uai/conformanceMutations.ts';
import { caseRequirements } from '../uai/conformanceRequirements.ts';
import { MAX_SEED, seededRandom } from '../uai/conformanceSeed.ts';
import { randomInt } from 'node:crypto';
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

/** Generated cases per run when `--generated` sets no other number. */
export const DEFAULT_GENERATED = 200;
const MAX_GENERATED = 100_000;

function countOf(value: string | true | undefined, flag: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : NaN;
  if (!(n >= 0 && n <= max))
    throw new UsageError(`${flag} takes a whole number from 0 to ${max}; got ${JSON.stringify(value)}`);
  return n;
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
  // The seed of the order, the ids and the generated cases: printed, so that --seed replays the run.
  const seed = flags.has('seed') ? countOf(flags.get('seed'), '--seed', 0, MAX_SEED) : randomInt(0, MAX_SEED);
  const generatedCount = countOf(flags.get('generated'), '--generated', DEFAULT_GENERATED, MAX_GENERATED);
  const packFile = flags.get('pack') as string | undefined;
  const expectedFile = flags.get('expected-failures') as string | undefined;
  const reportFile = flags.get('report') as string | undefined;
  let set: CaseSet;
  let expected = new Map<string, string>();
  try {
    set = packFile ? packCases(packFile, validator()) : shippedCases(validator(), routeChecker());
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
  const generated = generateCases(set.sources, {
    count: generatedCount,
    random: seededRandom(seed),
    evaluatedAt: set.evaluatedAt,
    validator: validator(),
    requirementsOf: (expectedError) =>
      caseRequirements(set.requirementTests, {
        kind: 'packet',
        form: 'keyed',
        verdict: 'invalid',
        expected: expectedError,
      }),
  });
  io.stderr.write(`uaix: conformance seed ${seed} (--seed ${seed} replays this run)\n`);
  for (const drop of generated.dropped)
    io.stderr.write(
      `uaix: dropped generated case ${drop.source}: expected ${drop.expected.code} at ${drop.expected.path || '(root)'}, the reference core says ${drop.core}\n`,
    );
  const report = await runConformance([...set.cases, ...generated.cases], processPeer(command), {
    evaluatedAt: set.evaluatedAt,
    timeoutMs,
    seed,
    expectedFailures: expected,
    implementation: (flags.get('name') as string | undefined) ?? command,
    pack: set.source,
    generated: { requested: generatedCount, dropped: generated.dropped.length },
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
