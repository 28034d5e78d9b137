/**
 * Runs `npm run build`'s supervisor over a stand-in build: arguments `<worker> <destination> <root>
 * <mode>`; the stand-in gets the destination and the mode.
 */
import { superviseBuild } from '../../../../src/pipeline/buildSupervisor.ts';

const [worker, destination, root, mode] = process.argv.slice(2);
superviseBuild({ command: [process.execPath, worker, destination, mode], root, destination, watchParent: false });
