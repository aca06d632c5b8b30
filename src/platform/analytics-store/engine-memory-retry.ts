// Reads that find the engine's memory ceiling reached by other work of the moment are asked again, then refused as 503.
import { setTimeout as wait } from 'node:timers/promises';
import { ServiceUnavailableError } from '../http/app-errors.js';

/** The engine's exception code for a memory limit reached (MEMORY_LIMIT_EXCEEDED). */
const MEMORY_LIMIT_EXCEEDED = 241;

/**
 * The pauses before the second and third tries. The engine's ceiling (ANALYTICS_MEMORY_LIMIT_MB) covers
 * everything it does at once: a read can fail only because a merge or an insert held memory at that moment
 * (an hour-long soak at 1,000 events/s saw 2 of ~7,800 report reads fail so). Those end within a second.
 */
export const ENGINE_MEMORY_RETRY_DELAYS_MS: readonly number[] = [150, 600];

/** The engine refused a read for memory three times: the store is busy, not the request wrong. */
export class AnalyticsStoreBusyError extends ServiceUnavailableError {
  constructor(readonly engineMessage: string) {
    super('The analytics store is short of memory for this report right now; try again shortly', 2);
  }
}

/**
 * Whether the engine refused an operation because its whole memory (not the one query's own limit, which
 * another try would meet again) was in use.
 */
export function isEngineMemoryFull(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'clickhouseCode' in error && typeof error.clickhouseCode === 'number' ? error.clickhouseCode : undefined;
  const limitReached = code === MEMORY_LIMIT_EXCEEDED || error.message.includes('(MEMORY_LIMIT_EXCEEDED)');
  return limitReached && error.message.includes('(total) memory limit exceeded');
}

/** Runs a read (it changes nothing, so it can run again), trying again while the engine's memory is full. */
export async function readWithMemoryRetry<T>(read: () => Promise<T>, delays: readonly number[] = ENGINE_MEMORY_RETRY_DELAYS_MS): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (!isEngineMemoryFull(error)) throw error;
      const delay = delays[attempt];
      if (delay === undefined) throw new AnalyticsStoreBusyError(error instanceof Error ? error.message : String(error));
      await wait(delay);
    }
  }
}
