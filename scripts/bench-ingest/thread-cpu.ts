// A server's CPU split by the kind of thread that spent it, from /proc/<pid>/task/*/stat: where an event's
// microseconds go (the event loop, Node's other threads, the embedded engine's threads).
import { readdirSync, readFileSync } from 'node:fs';
import { parseCpuTicks } from './process-cpu.js';

export const THREAD_GROUPS = ['event loop', 'Node threads', 'engine'] as const;
export type ThreadGroup = (typeof THREAD_GROUPS)[number];
export type ThreadTicks = Readonly<Record<ThreadGroup, number>>;

/**
 * The main thread is the event loop. Node's other threads keep its name: the enrichment thread, libuv's pool
 * (where the engine parses an insert's rows) and V8's helpers. The engine's threads bear names of their own
 * (`ThreadPool`, `MergeMutate`, ...), which its pool threads change with the task at hand, so they are counted
 * together.
 */
export function threadGroup(tid: number, pid: number, name: string): ThreadGroup {
  if (tid === pid) return 'event loop';
  return name === 'node' ? 'Node threads' : 'engine';
}

/** The thread's name from the text of /proc/<pid>/task/<tid>/stat (it may hold spaces and parentheses). */
export function parseThreadName(stat: string): string {
  return stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
}

export interface ThreadSample {
  readonly group: ThreadGroup;
  readonly ticks: number;
}

/** Each live thread's group and CPU ticks so far, by thread id; empty once the process is gone. */
export function sampleThreads(pid: number): ReadonlyMap<number, ThreadSample> {
  const samples = new Map<number, ThreadSample>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return samples;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      samples.set(Number(tid), { group: threadGroup(Number(tid), pid, parseThreadName(stat)), ticks: parseCpuTicks(stat) ?? 0 });
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return samples;
}

/**
 * Ticks spent between two samples, per group: each thread alive at the end counts from its earlier sample
 * (from zero when it started since). A thread that ended in between takes its ticks with it (the engine ends
 * idle pool threads), so the groups may sum to a little less than the process's own count.
 */
export function ticksBetween(before: ReadonlyMap<number, ThreadSample>, after: ReadonlyMap<number, ThreadSample>): ThreadTicks {
  const ticks: Record<ThreadGroup, number> = { 'event loop': 0, 'Node threads': 0, engine: 0 };
  for (const [tid, sample] of after) ticks[sample.group] += Math.max(0, sample.ticks - (before.get(tid)?.ticks ?? 0));
  return ticks;
}
