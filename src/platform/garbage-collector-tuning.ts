// V8's garbage collector, tuned for a long-running server (and the command line's imports): one setting, applied once at start.
import { setFlagsFromString } from 'node:v8';

/**
 * After each full collection V8 sets the next limit of the old generation at the live heap times a factor
 * it derives from the collector's speed. For the event loop's steady heap under tracking load (about 80 MB:
 * code, caches, connections) it picked 1.2-1.3, leaving less room than a young generation's worth of
 * promotions, so marking started again right after each full collection: about two a second, each marking
 * the whole heap on V8's helper threads (measured with --trace-gc during `npm run bench:ingest`). A fixed
 * factor of 2 makes that one every few seconds, for at most one more live heap of memory. The flag is
 * read when a limit is computed, so setting it at start, before the load, takes effect; worker threads
 * share it. The command line sets it too: an import's batches live until they are stored, so they reach the
 * old generation, and V8's own factor (up to 4) let the heap grow by up to three times its live size first.
 */
const OLD_GENERATION_GROWTH_PERCENT = 100;

export function tuneGarbageCollector(): void {
  setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWTH_PERCENT}`);
}
