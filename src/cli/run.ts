#!/usr/bin/env node
/** Runs `uaix` with the process's arguments and streams; the package's compiled bin and bin/uaix.mjs both start here. */
import { main } from './uaix.ts';

process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin });
