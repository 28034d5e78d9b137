/**
 * The live processes of this system, read from /proc: which descend from a process, and which belong
 * to a process group. A zombie (ended, not yet reaped) counts as gone. On a system without /proc,
 * none are found; a process group is then probed with signal 0.
 */
import { readdirSync, readFileSync } from 'node:fs';

interface ProcessEntry {
  pid: number;
  ppid: number;
  group: number;
}

/** The live processes, or undefined when /proc cannot be read. */
function liveProcesses(): ProcessEntry[] | undefined {
  let names: string[];
  try {
    names = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  return names.flatMap((name) => {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      return [];
    }
    // "pid (comm) state ppid pgrp …": the command may hold spaces and parentheses, so read after the last ")".
    const [state, ppid, group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return state === 'Z' || state === 'X' ? [] : [{ pid: Number(name), ppid: Number(ppid), group: Number(group) }];
  });
}

/** The live descendants of `root` (children, their children, …). */
export function descendantsOf(root: number): number[] {
  const childrenOf = new Map<number, number[]>();
  for (const { pid, ppid } of liveProcesses() ?? []) childrenOf.set(ppid, [...(childrenOf.get(ppid) ?? []), pid]);
  const found: number[] = [];
  const queue = [root];
  while (queue.length) {
    for (const child of childrenOf.get(queue.pop()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** The live members of process group `group`. */
export function groupMembers(group: number): number[] {
  const processes = liveProcesses();
  if (processes) return processes.filter((entry) => entry.group === group).map((entry) => entry.pid);
  try {
    process.kill(-group, 0);
    return [group];
  } catch {
    return [];
  }
}
