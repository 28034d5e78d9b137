// Entry of the package's worker thread. On Node 20 a worker does not inherit the tsx loader that
// runs the build, so it registers tsx itself before loading the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./packageWorker.ts');
