// CPU time a process (all its threads) has used so far, from /proc/<pid>/stat.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

/** USER_HZ: the unit of the tick counts in /proc. */
export function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    const answer = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    ticksPerSecond = Number.isFinite(answer) && answer > 0 ? answer : 100;
  }
  return ticksPerSecond;
}

/** utime + stime in clock ticks from the text of /proc/<pid>/stat (the command name may hold spaces). */
export function parseCpuTicks(stat: string): number | undefined {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state is field 3 of the full line, utime 14 and stime 15.
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return Number.isFinite(utime) && Number.isFinite(stime) ? utime + stime : undefined;
}

export function cpuSeconds(pid: number): number {
  try {
    const ticks = parseCpuTicks(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    return ticks === undefined ? 0 : ticks / clockTicks();
  } catch {
    return 0;
  }
}
