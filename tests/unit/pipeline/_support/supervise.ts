/**
 * Runs `npm run build`'s supervisor over a stand-in build: arguments `<worker> <destination> <root>
 * <mode> [<signal>]`; the stand-in gets the destination and the mode. With a signal, the supervisor
 * sends it to itself the moment its build's process exists (as `spawn` returns), before any more
 * of its own code runs: the narrowest window a signal from outside can hit.
 */
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';

const [worker, destination, root, mode, signalAtSpawn] = process.argv.slice(2);
if (signalAtSpawn) {
  const spawnBuild = childProcess.spawn;
  childProcess.spawn = ((...args: Parameters<typeof spawnBuild>) => {
    const child = spawnBuild(...args);
    process.kill(process.pid, signalAtSpawn);
    return child;
  }) as typeof spawnBuild;
  syncBuiltinESMExports();
}
const { superviseBuild } = await import('../../../../src/pipeline/buildSupervisor.ts');
superviseBuild({ command: [process.execPath, worker, destination, mode], root, destination, watchParent: false });
