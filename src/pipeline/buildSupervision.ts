/**
 * The build's side of `npm run build`'s supervisor (buildSupervisor.ts), which runs the build as its
 * child in a process group of its own and talks to it over Node's IPC channel. The build names its
 * staging folder before making it, and swaps it in for dist/ only when the supervisor says yes: a
 * supervisor that was told to stop never says yes, so a build that reaches the swap late cannot
 * publish. A build with no supervisor (`astro build` run directly) handles interrupts itself
 * (buildInterrupts.ts).
 */

/** Set by the supervisor in its child's environment to its own process id. */
export const SUPERVISOR_VARIABLE = 'UAIX_BUILD_SUPERVISOR';

/** What the build tells its supervisor. */
export type BuildMessage = { type: 'staging'; path: string } | { type: 'publish?' } | { type: 'published' };
/** What the supervisor answers: only ever yes; an interrupted supervisor does not answer. */
export type SupervisorMessage = { type: 'publish' };

/** True in the child of a supervisor: an IPC channel to the process the variable names. */
export function isSupervised(): boolean {
  return process.send !== undefined && process.env[SUPERVISOR_VARIABLE] === String(process.ppid);
}

function tell(message: BuildMessage): void {
  process.send?.(message);
}

/** Tells the supervisor the staging folder's path, before it is made. */
export function announceStaging(path: string): void {
  tell({ type: 'staging', path });
}

/** Tells the supervisor the swap is done: an interrupt from now on has nothing to undo. */
export function announcePublished(): void {
  tell({ type: 'published' });
}

/**
 * Asks the supervisor whether the build may swap its output in; true on its yes, false when the
 * channel closes first (the supervisor ended). The channel is held open only while waiting.
 */
export function mayPublish(): Promise<boolean> {
  return new Promise((answer) => {
    const onMessage = (message: SupervisorMessage) => {
      if (message?.type !== 'publish') return;
      done(true);
    };
    const onDisconnect = () => done(false);
    const done = (yes: boolean) => {
      process.off('message', onMessage);
      process.off('disconnect', onDisconnect);
      process.channel?.unref();
      answer(yes);
    };
    if (!process.connected) return answer(false);
    process.on('message', onMessage);
    process.on('disconnect', onDisconnect);
    process.channel?.ref();
    tell({ type: 'publish?' });
  });
}

/**
 * Lets the build's process end on its own when its work is done (an open channel would keep it
 * alive), and ends it when the supervisor goes first (its exit handlers remove the staging folder).
 */
export function endWithSupervisor(): void {
  process.channel?.unref();
  process.once('disconnect', () => process.exit(129));
}
