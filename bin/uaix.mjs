#!/usr/bin/env node
// The uaix command in a checkout: tsx loads the TypeScript core directly, so no build step is needed.
// The installable package (packages/uai-1) runs the same code compiled to JavaScript.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/run.ts');
