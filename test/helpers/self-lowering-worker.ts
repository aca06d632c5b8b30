// Worker thread for report-thread-niceness.ts: lowers itself by the niceness given as its workerData (as the
// import mapping thread does), reports its thread id, then idles until terminated.
import { readlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThread } from '../../src/platform/thread-priority.js';

lowerThisThread(workerData as number);
parentPort?.postMessage(Number(readlinkSync('/proc/thread-self').split('/').pop()));
setInterval(() => undefined, 1000);
