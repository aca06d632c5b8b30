// Busy CPU time of the whole machine (all cores), from the first line of /proc/stat.
import { readFileSync } from 'node:fs';

/** Busy ticks (everything but idle and iowait) from the text of /proc/stat; undefined without a `cpu` line. */
export function parseBusyTicks(stat: string): number | undefined {
  const line = stat.split('\n').find((candidate) => candidate.startsWith('cpu '));
  if (line === undefined) return undefined;
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  if (ticks.length < 5 || ticks.some((value) => !Number.isFinite(value))) return undefined;
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return ticks.reduce((sum, value) => sum + value, 0) - idle;
}

/** Busy ticks so far (USER_HZ, as /proc/<pid>/stat), or 0 when /proc/stat cannot be read. */
export function machineBusyTicks(): number {
  try {
    return parseBusyTicks(readFileSync('/proc/stat', 'utf8')) ?? 0;
  } catch {
    return 0;
  }
}
