// A stand-in for the build under the supervisor, as the real one talks to it: it names its staging
// folder, makes it, starts a child in its group (as Pagefind would be), and then does what
// its second argument says: `stuck` blocks its main thread for good; `publish` asks to swap, and swaps on the
// yes; `late` ignores SIGTERM and, from then on, keeps asking to swap until killed (only from then on:
// a question asked before the interrupt may rightly get the yes, and on a loaded machine the
// supervisor can read one before the test's signal reaches it).
import { spawn } from 'node:child_process';
import { setInterval } from 'node:timers';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const destination = process.argv[2];
const staging = join(dirname(destination), `.${basename(destination)}-staging-${process.pid}`);
process.send({ type: 'staging', path: staging });
mkdirSync(staging);
writeFileSync(join(staging, 'index.html'), 'new');
spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
// Its pid is its group's id: the supervisor starts it as the leader of a group of its own.
console.log(`stand-in: staged (group ${process.pid})`);
const mode = process.argv[3];
if (mode === 'stuck') for (;;);
const swap = () => {
  const aside = join(dirname(destination), `.${basename(destination)}-old-${process.pid}`);
  renameSync(destination, aside);
  renameSync(staging, destination);
  process.send({ type: 'published' });
  rmSync(aside, { recursive: true });
  process.exit(0);
};
process.on('message', (message) => message.type === 'publish' && swap());
if (mode === 'late') {
  process.on('SIGTERM', () => {
    process.send({ type: 'publish?' });
    setInterval(() => process.send({ type: 'publish?' }), 50);
  });
  // Alive until the supervisor ends the group.
  setInterval(() => {}, 1000);
} else process.send({ type: 'publish?' });
