// The entry of every worker thread of the build (typeScriptWorker.ts). On Node 20 a worker does not
// inherit the tsx loader that runs the build, so it registers tsx itself, then imports the
// TypeScript module it was started for.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
