/**
 * Worker threads that run one of the build's TypeScript modules (page analysis, language check,
 * package). Each starts from typeScriptWorker.mjs, which registers tsx before importing the module.
 */
import { Worker, workerData } from 'node:worker_threads';

const ENTRY = new URL('./typeScriptWorker.mjs', import.meta.url);

/** A worker thread running `module`, with `input` for `workerInput()` there. */
export function startTypeScriptWorker(module: URL, input?: unknown): Worker {
  return new Worker(ENTRY, { workerData: { module: module.href, input } });
}

/** In a worker started by startTypeScriptWorker: the input it was started with. */
export function workerInput<T>(): T {
  return (workerData as { input: T }).input;
}

/**
 * Runs `module` on a worker thread that posts one answer: resolves with it; rejects if the worker
 * fails, or exits before answering (`name` says which worker in that message).
 */
export function workerAnswer<T>(module: URL, input: unknown, name: string): Promise<T> {
  return new Promise((resolve, reject) => {
    let answered = false;
    startTypeScriptWorker(module, input)
      .once('message', (answer: T) => {
        answered = true;
        resolve(answer);
      })
      .once('error', reject)
      .once('exit', (code) => {
        if (!answered) reject(new Error(`${name} exited with ${code} before answering`));
      });
  });
}
