// CPU time used by the render benchmark's own processes (read from /proc, Linux only): the Loupe server (its
// engine's threads included), Chromium's processes and the benchmark itself, so a run's wall time can be set beside
// the work the two cores did during it.
import { readdirSync, readFileSync } from 'node:fs';
import { clockTicks, parseCpuTicks } from '../bench-ingest/process-cpu.js';

export type CpuPart = 'server' | 'chromium' | 'bench';
export type CpuSample = ReadonlyMap<number, { readonly part: CpuPart; readonly ms: number }>;

interface ProcessInfo {
  readonly ppid: number;
  readonly ms: number;
  readonly command: string;
}

function readProcess(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ticks = parseCpuTicks(stat);
    if (ticks === undefined) return undefined;
    // After the command name: state, then ppid (the name may hold spaces and parentheses).
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return { ppid, ms: (ticks * 1000) / clockTicks(), command: readFileSync(`/proc/${pid}/cmdline`, 'utf8') };
  } catch {
    return undefined;
  }
}

/** Every process descended from this one (the server and Chromium are its children), with its CPU ms so far. */
export function sampleCpu(serverPid: number | undefined): CpuSample {
  const all = new Map<number, ProcessInfo>();
  if (process.platform !== 'linux') return new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const info = readProcess(Number(name));
    if (info) all.set(Number(name), info);
  }
  const rootOf = (pid: number): number | undefined => {
    for (let current = pid, hops = 0; hops < 64; hops++) {
      const parent = all.get(current)?.ppid;
      if (parent === undefined || parent <= 1) return undefined;
      if (parent === process.pid) return current;
      current = parent;
    }
    return undefined;
  };
  const sample = new Map<number, { part: CpuPart; ms: number }>();
  const own = all.get(process.pid);
  if (own) sample.set(process.pid, { part: 'bench', ms: own.ms });
  for (const [pid, info] of all) {
    const child = rootOf(pid);
    if (child === undefined) continue;
    const part: CpuPart = child === serverPid || pid === serverPid ? 'server' : info.command.includes('chrom') ? 'chromium' : 'bench';
    sample.set(pid, { part, ms: info.ms });
  }
  return sample;
}

/** CPU ms per part between two samples; a process started in between counts from zero. */
export function cpuBetween(before: CpuSample, after: CpuSample): Record<CpuPart, number> {
  const used: Record<CpuPart, number> = { server: 0, chromium: 0, bench: 0 };
  for (const [pid, { part, ms }] of after) used[part] += ms - (before.get(pid)?.ms ?? 0);
  return used;
}
