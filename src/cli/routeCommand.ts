/**
 * `uaix route check [--json] <file|->…` checks route records (same report shape and exit codes as
 * `uaix validate`); `uaix route resolve <file|-> --client <kind> [--json]` says what a client kind
 * does on a route: take the highest path, a named fallback, or the no-op with the review URL.
 */
import { commandSpec } from '../uai/commandUsage.ts';
import { UsageError, EXIT_OK, checkFiles, parseCommandArgs, printIssues, readInput, type CliIo } from './cliSupport.ts';
import { createRouteChecker, type RouteChecker } from '../uai/routeRecord.ts';
import { CLIENT_KINDS, isClientKind, resolveRoute } from '../uai/clientLadder.ts';

let cachedChecker: RouteChecker | undefined;
/** The route checker, compiled on first use. */
export function routeChecker(): RouteChecker {
  cachedChecker ??= createRouteChecker();
  return cachedChecker;
}

async function checkCommand(args: string[], io: CliIo): Promise<number> {
  const { flags, operands } = parseCommandArgs(args, commandSpec('route check'));
  if (operands.length === 0) throw new UsageError('route check needs at least one file (or - for standard input)');
  return checkFiles(operands, flags.has('json'), io, (input) => {
    const report = routeChecker().checkBytes(input.bytes);
    const headline = `${input.name}: ${report.valid ? 'valid' : 'invalid'}${report.route ? ` (${report.route})` : ''}`;
    return {
      report,
      json: {
        file: input.name,
        valid: report.valid,
        route: report.route,
        errors: report.errors,
        warnings: report.warnings,
      },
      headline,
    };
  });
}

async function resolveCommand(args: string[], io: CliIo): Promise<number> {
  const { flags, operands } = parseCommandArgs(args, commandSpec('route resolve'));
  const client = flags.get('client');
  if (typeof client !== 'string')
    throw new UsageError(`route resolve needs --client <kind>, one of ${CLIENT_KINDS.join(', ')}`);
  if (!isClientKind(client))
    throw new UsageError(`unknown client kind ${JSON.stringify(client)}; use one of ${CLIENT_KINDS.join(', ')}`);
  if (operands.length !== 1)
    throw new UsageError('route resolve takes exactly one route record (or - for standard input)');
  const input = await readInput(operands[0], io.stdin);
  const report = routeChecker().checkBytes(input.bytes);
  if (!report.record) {
    io.stderr.write(`uaix: ${input.name}: not a valid route record, so it cannot be resolved\n`);
    return printIssues(io, report.errors);
  }
  const { route, decision, target, reason, via, needs } = resolveRoute(report.record, client);
  if (flags.has('json'))
    io.stdout.write(`${JSON.stringify({ route, client, decision, target, via, needs, reason }, null, 2)}\n`);
  else io.stdout.write(`${route}, ${client}: ${decision} -> ${target ?? '(none)'} (${via})\n  ${reason}\n`);
  return EXIT_OK;
}

export async function routeCommand(args: string[], io: CliIo): Promise<number> {
  const [subcommand, ...rest] = args;
  if (subcommand === 'check') return checkCommand(rest, io);
  if (subcommand === 'resolve') return resolveCommand(rest, io);
  throw new UsageError(
    subcommand === undefined
      ? 'route needs a subcommand: check or resolve'
      : `unknown route subcommand ${JSON.stringify(subcommand)}; use check or resolve`,
  );
}
