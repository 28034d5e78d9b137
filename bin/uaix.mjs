#!/usr/bin/env node
// The uaix command. The core is TypeScript; tsx loads it directly, so no build step is needed.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/uaix.ts');
process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin });
