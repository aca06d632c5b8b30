// Child process for thread-priority.test.ts: starts a worker thread and one named like the engine's merge
// threads, lowers the background threads with the niceness given as argv[2] (and the enrichment niceness as
// argv[3], when given), starts another worker, waits for a rescan, then prints every thread's niceness; a worker
// that lowered itself 8 steps first (self-lowering-worker.ts) shows whether the rescans left it there.
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { lowerBackgroundThreads } from '../../src/platform/thread-priority.js';

/** A worker thread that names itself `name` (when given), reports its thread id, then idles until terminated. */
function startWorker(name?: string): Promise<{ worker: Worker; tid: number }> {
  const rename = name === undefined ? '' : `require('node:fs').writeFileSync('/proc/thread-self/comm', ${JSON.stringify(name)});`;
  const worker = new Worker(
    "const { parentPort } = require('node:worker_threads'); const { readlinkSync } = require('node:fs');" + rename +
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

/** A worker thread that lowers itself `niceness` steps with lowerThisThread, as the import mapping thread does. */
function startSelfLowering(niceness: number): Promise<{ worker: Worker; tid: number }> {
  // A worker thread does not inherit this process's TypeScript loader: it registers it before importing its entry.
  const entry = new URL('./self-lowering-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: niceness });
  return new Promise((resolve) => worker.once('message', (tid: number) => resolve({ worker, tid })));
}

const early = await startWorker();
const selfLowered = await startSelfLowering(8);
const merges = await startWorker('MergeMutate');
const enrichment = process.argv[3] === undefined ? {} : { enrichmentNiceness: Number(process.argv[3]) };
const stop = lowerBackgroundThreads({ niceness: Number(process.argv[2]), rescanMs: 50, ...enrichment });
const late = await startWorker();
await new Promise((resolve) => setTimeout(resolve, 300));
stop();
process.stdout.write(JSON.stringify({ main: niceOf(process.pid), early: niceOf(early.tid), merges: niceOf(merges.tid), late: niceOf(late.tid), selfLowered: niceOf(selfLowered.tid) }));
await Promise.all([early.worker.terminate(), merges.worker.terminate(), late.worker.terminate(), selfLowered.worker.terminate()]);
