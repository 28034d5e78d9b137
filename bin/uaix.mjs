#!/usr/bin/env node
// The uaix command in a checkout: tsx loads the TypeScript core directly, so no build step is needed.
// The installable package (packages/uai-1) runs the same src/cli/run.ts compiled to JavaScript.
import { register } from 'tsx/esm/api';

try {
  register();
  await import('../src/cli/run.ts');
} catch (error) {
  process.stderr.write(`uaix: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 70;
}
