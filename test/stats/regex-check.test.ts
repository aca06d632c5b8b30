// The store's RE2 as the judge of filter regexes: its verdicts and reasons, cached; other store failures pass through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsStore } from '../../src/platform/analytics-store/analytics-store.js';
import { storeRegexProblem } from '../../src/stats/regex-check.js';
import { openStatsTestStore, type StatsTestStore } from '../helpers/stats-test-store.js';

describe('storeRegexProblem', () => {
  let t: StatsTestStore;
  beforeAll(async () => {
    t = await openStatsTestStore();
  });
  afterAll(async () => t.close());

  it.each<[string, string | undefined]>([
    ['^/blog/[a-z0-9-]+$', undefined],
    ['a{1000}', undefined],
    ['(a{10}){100}', undefined],
    ['\\p{Greek}', undefined],
    ['[[:alpha:]]', undefined],
    ['(?P<slug>x)\\z', undefined],
    ['a{1001}', 'invalid repetition size: {1001}'],
    ['(a{100}){100}', 'invalid repetition size: {100}'],
    ['\\Z', 'invalid escape sequence: \\Z'],
    ['\\e', 'invalid escape sequence: \\e'],
    ['\\p{Foo}', 'invalid character class range: \\p{Foo}'],
    ['[[:foo:]]', 'invalid character class range: [:foo:]'],
    ['(?<=a)b', 'invalid perl operator: (?<='],
    ['(a)\\1', 'invalid escape sequence: \\1'],
  ])('%s -> %s', async (pattern, problem) => {
    expect(await storeRegexProblem(t.store)(pattern)).toBe(problem);
  });

  it('asks the store once per pattern', async () => {
    let queries = 0;
    const counting = { query: async () => { queries += 1; return []; } } as unknown as AnalyticsStore;
    const problemOf = storeRegexProblem(counting);
    await problemOf('x+');
    await problemOf('x+');
    expect(queries).toBe(1);
  });

  it('lets a store failure that is not about the pattern through', async () => {
    const failing = { query: async () => { throw new Error('Code: 210. DB::NetException: Connection refused'); } } as unknown as AnalyticsStore;
    await expect(storeRegexProblem(failing)('x+')).rejects.toThrow('Connection refused');
  });
});
