import fs from 'node:fs';

/** A process as /proc shows it: enough to tell which run left it behind. */
export interface ProcessInfo {
  pid: number;
  /** Session id: a run's processes share its leader's unless one called setsid. */
  sid: number;
  pgid: number;
  uid: number;
}

/** Every live process (zombies excluded: they hold nothing and are reaped by their parent). */
export function listProcesses(): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid pgrp session …; comm may hold spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z') continue;
      found.push({
        pid: Number(name),
        pgid: Number(fields[2]),
        sid: Number(fields[3]),
        uid: fs.statSync(`/proc/${name}`).uid,
      });
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

export function killQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // gone already
  }
}
