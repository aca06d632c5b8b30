// Child process for thread-priority.test.ts: starts a worker thread, lowers the background threads with the
// niceness given as argv[2], starts a second worker, waits for a rescan, then prints every thread's niceness.
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { lowerBackgroundThreads } from '../../src/platform/thread-priority.js';

/** A worker thread that reports its thread id, then idles until terminated. */
function startWorker(): Promise<{ worker: Worker; tid: number }> {
  const worker = new Worker(
    "const { parentPort } = require('node:worker_threads'); const { readlinkSync } = require('node:fs');" +
      "parentPort.postMessage(Number(readlinkSync('/proc/thread-self').split('/').pop())); setInterval(() => {}, 1000);",
    { eval: true },
  );
  return new Promise((resolve) => worker.once('message', (tid: number) => resolve({ worker, tid })));
}

/** Field 19 of /proc/<pid>/task/<tid>/stat, counted after the parenthesised command name. */
function niceOf(tid: number): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

const early = await startWorker();
const stop = lowerBackgroundThreads({ niceness: Number(process.argv[2]), rescanMs: 50 });
const late = await startWorker();
await new Promise((resolve) => setTimeout(resolve, 300));
stop();
process.stdout.write(JSON.stringify({ main: niceOf(process.pid), early: niceOf(early.tid), late: niceOf(late.tid) }));
await Promise.all([early.worker.terminate(), late.worker.terminate()]);
