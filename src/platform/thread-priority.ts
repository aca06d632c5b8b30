// CPU priority inside the server process: the event loop, which answers every request, ahead of its other threads.
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** Linux lists a process's threads here; elsewhere the directory is missing and nothing is changed. */
const TASKS_DIR = '/proc/self/task';
/** Linux's lowest priority. */
const MAX_NICE = 19;
const DEFAULT_RESCAN_MS = 2_000;

export interface BackgroundPriorityOptions {
  /** How much nicer than the event loop the other threads run (0 leaves them alone). */
  readonly niceness: number;
  /** How often threads started since are looked for (default 2 s). */
  readonly rescanMs?: number;
}

function threadIds(): number[] {
  try {
    return readdirSync(TASKS_DIR).map(Number);
  } catch {
    return [];
  }
}

/**
 * Runs every thread of the process but the event loop's `niceness` steps nicer than it: the enrichment
 * thread, chDB's insert, view and merge threads, V8's collector helpers and libuv's pool. Their work
 * comes in bursts (a second of events enriched and inserted at once); on a busy machine, at equal
 * priority, a burst took the event loop's share of the cores and acknowledgements queued behind it.
 * Measured with the paced half-load phase of `npm run bench:ingest`'s traffic: p99 50-75 ms at equal
 * priority, 16-35 ms with the others 10 steps nicer (docs/durability.md, "CPU priority"). When a core is
 * free nothing changes.
 *
 * Linux sets niceness per thread, and making a thread nicer needs no privilege. Threads started later
 * (pools grow on demand) are found by looking again every `rescanMs`; threads a lowered one starts
 * inherit its niceness anyway. Returns a function that stops the rescans.
 */
export function lowerBackgroundThreads(options: BackgroundPriorityOptions): () => void {
  if (options.niceness <= 0 || threadIds().length === 0) return () => undefined;
  const eventLoop = process.pid;
  const target = Math.min(MAX_NICE, getPriority(0) + options.niceness);
  let lowered = new Set<number>();
  const scan = (): void => {
    const seen = new Set<number>();
    for (const tid of threadIds()) {
      if (tid === eventLoop) continue;
      seen.add(tid);
      if (lowered.has(tid)) continue;
      try {
        setPriority(tid, target);
      } catch {
        // The thread ended between the listing and the call.
      }
    }
    // Ended threads are forgotten, so the set stays the size of the process's thread list.
    lowered = seen;
  };
  scan();
  const timer = setInterval(scan, options.rescanMs ?? DEFAULT_RESCAN_MS);
  timer.unref();
  return () => clearInterval(timer);
}
