/** `uaix route …`: filled in by the route-record work (issue 5). */
import type { CliIo } from './uaix.ts';
import { UsageError } from './uaix.ts';

export async function routeCommand(_args: string[], _io: CliIo): Promise<number> {
  throw new UsageError('route commands are not available yet');
}
