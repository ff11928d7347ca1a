// Whether processes still run. Zombies count as dead: they have exited, and in a container whose
// init does not reap orphans they linger long after their parent is gone.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

type ProcStat = { state: string; pgrp: number };

function readStat(pid: string | number): ProcStat | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name may hold spaces and parentheses; the fields after the last ')' do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', pgrp: Number(fields[2]) };
}

function signalReaches(target: number): boolean {
  try {
    process.kill(target, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function isProcessRunning(pid: number): boolean {
  if (!signalReaches(pid)) return false;
  const stat = readStat(pid);
  return stat === undefined || stat.state !== 'Z';
}

export function isProcessGroupRunning(pgid: number): boolean {
  if (!existsSync('/proc/self/stat')) return signalReaches(-pgid);
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .some((pid) => {
      const stat = readStat(pid);
      return stat !== undefined && stat.pgrp === pgid && stat.state !== 'Z';
    });
}
