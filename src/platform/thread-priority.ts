// CPU priority inside the server process: the event loop, which answers every request, ahead of its other threads.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { basename } from 'node:path';

/** Linux lists a process's threads here; elsewhere the directory is missing and nothing is changed. */
const TASKS_DIR = '/proc/self/task';
/** Linux names the calling thread here (`<pid>/task/<tid>`). */
const THIS_THREAD = '/proc/thread-self';
/** Linux's lowest priority. */
const MAX_NICE = 19;
const DEFAULT_RESCAN_MS = 2_000;
/** See lowerBackgroundThreads: enough to keep paced acknowledgements ahead, not so much that enrichment starves. */
export const DEFAULT_ENRICHMENT_NICENESS = 3;

/**
 * The embedded engine's threads for work nobody waits on: merges, moves, fetches and its schedule pools
 * (chDB names them; Node's own threads are all named `node`, the engine's query and insert pipelines
 * `ThreadPool` and `QueryPipelineEx`-like names, which are not matched).
 */
const UPKEEP_THREAD = /^(MergeMutate|Move|Fetch|Common|Bg|PoolDelayExec|MemoryWorker)/;

export interface BackgroundPriorityOptions {
  /** How much nicer than the event loop the engine's upkeep threads (merges, schedule pools) run (0 leaves them alone). */
  readonly niceness: number;
  /**
   * How much nicer than the event loop the other threads run: the path from an acknowledged event to a
   * counted one (the enrichment thread, libuv's pool, the engine's insert and query threads) and V8's
   * collector helpers. Default: `niceness`, capped at DEFAULT_ENRICHMENT_NICENESS.
   */
  readonly enrichmentNiceness?: number;
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

function threadName(tid: number): string {
  try {
    return readFileSync(`${TASKS_DIR}/${tid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * Runs every thread of the process but the event loop nicer than it: the enrichment thread, chDB's insert,
 * view and query threads, V8's collector helpers and libuv's pool `enrichmentNiceness` steps, chDB's merges
 * and schedule pools `niceness` steps. Their work comes in bursts (a second of events enriched and
 * inserted at once); on a busy machine, at equal priority, a burst took the event loop's share of the
 * cores and acknowledgements queued behind it. Measured with the paced half-load phase of
 * `npm run bench:ingest`'s traffic: p99 50-75 ms at equal priority, 16-35 ms with the others 10 steps nicer
 * (docs/durability.md, "CPU priority"). But 10 steps starved enrichment when other processes kept the cores
 * busy: in a soak at 1,000 calls/s on a machine at load 15-30, the enrichment thread and the inserts got so
 * little CPU that 90,000 acknowledged events (88 segments) waited in the spool, and drained at 5,000/s as
 * soon as the load dropped. So the enrichment path runs only a few steps nicer (decision 0034). When a core
 * is free nothing changes.
 *
 * Linux sets niceness per thread, and making a thread nicer needs no privilege. Threads started later
 * (pools grow on demand) are found by looking again every `rescanMs`; threads a lowered one starts
 * inherit its niceness anyway. Returns a function that stops the rescans.
 */
export function lowerBackgroundThreads(options: BackgroundPriorityOptions): () => void {
  const enrichmentNiceness = options.enrichmentNiceness ?? Math.min(options.niceness, DEFAULT_ENRICHMENT_NICENESS);
  if ((options.niceness <= 0 && enrichmentNiceness <= 0) || threadIds().length === 0) return () => undefined;
  const eventLoop = process.pid;
  const base = getPriority(0);
  const upkeep = Math.min(MAX_NICE, base + Math.max(0, options.niceness));
  const enrichment = Math.min(MAX_NICE, base + Math.max(0, enrichmentNiceness));
  let lowered = new Set<number>();
  const scan = (): void => {
    const seen = new Set<number>();
    for (const tid of threadIds()) {
      if (tid === eventLoop) continue;
      seen.add(tid);
      if (lowered.has(tid)) continue;
      try {
        // Never less nice than it is: a thread that lowered itself (the import mapping thread) stays where it went.
        const target = UPKEEP_THREAD.test(threadName(tid)) ? upkeep : enrichment;
        if (getPriority(tid) < target) setPriority(tid, target);
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

/**
 * Runs the calling thread `niceness` steps nicer than the event loop, for a thread of its own that only does
 * work nobody is waiting on (the import mapping thread). Linux only (a thread's niceness is its own there, and
 * making it nicer needs no privilege); elsewhere nothing changes. Returns whether it was lowered.
 */
export function lowerThisThread(niceness: number): boolean {
  if (niceness <= 0) return false;
  try {
    const tid = Number(basename(readlinkSync(THIS_THREAD)));
    setPriority(tid, Math.min(MAX_NICE, getPriority(process.pid) + niceness));
    return true;
  } catch {
    return false;
  }
}
