import { describe, expect, it } from 'vitest';
import { AnalyticsStoreBusyError, isEngineMemoryFull, readWithMemoryRetry } from './engine-memory-retry.js';

/** Errors shaped as the embedded engine's binding reports them (message and ClickHouse code). */
function engineError(message: string, clickhouseCode: number): Error {
  return Object.assign(new Error(message), { clickhouseCode });
}
const TOTAL = engineError('Code: 241. DB::Exception: (total) memory limit exceeded: would use 512.48 MiB (attempt to allocate chunk of 0.00 B), current RSS: 54.73 MiB, maximum: 512.00 MiB. (MEMORY_LIMIT_EXCEEDED)', 241);
const PER_QUERY = engineError('Code: 241. DB::Exception: memory limit (for query) exceeded: would use 9.54 GiB, maximum: 9.31 GiB. (MEMORY_LIMIT_EXCEEDED)', 241);
const SYNTAX = engineError('Code: 62. DB::Exception: Syntax error (SYNTAX_ERROR)', 62);

describe('isEngineMemoryFull', () => {
  it('is true only for the ceiling of the whole engine, not for one query’s own limit or other errors', () => {
    expect(isEngineMemoryFull(TOTAL)).toBe(true);
    expect(isEngineMemoryFull(PER_QUERY)).toBe(false);
    expect(isEngineMemoryFull(SYNTAX)).toBe(false);
    expect(isEngineMemoryFull('(total) memory limit exceeded')).toBe(false);
  });
});

describe('readWithMemoryRetry', () => {
  it('asks again while the engine’s memory is full, and answers the first read that passes', async () => {
    let calls = 0;
    const answer = await readWithMemoryRetry(async () => {
      calls++;
      if (calls < 3) throw TOTAL;
      return 'rows';
    }, [0, 0]);
    expect(answer).toBe('rows');
    expect(calls).toBe(3);
  });

  it('after the last try refuses with a 503 that says the store is busy, keeping the engine’s message', async () => {
    let calls = 0;
    const refused = await readWithMemoryRetry(async () => {
      calls++;
      throw TOTAL;
    }, [0, 0]).catch((error: unknown) => error);
    expect(calls).toBe(3);
    expect(refused).toBeInstanceOf(AnalyticsStoreBusyError);
    expect(refused).toMatchObject({ statusCode: 503, retryAfterSeconds: 2, engineMessage: TOTAL.message });
  });

  it('passes any other error on at once, untried again', async () => {
    for (const error of [PER_QUERY, SYNTAX]) {
      let calls = 0;
      const thrown = await readWithMemoryRetry(async () => {
        calls++;
        throw error;
      }, [0, 0]).catch((caught: unknown) => caught);
      expect(thrown).toBe(error);
      expect(calls).toBe(1);
    }
  });
});
