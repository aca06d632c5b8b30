// Every hand-written raw query runs on a small generated data set (no filter, an event filter, a channel filter),
// and the overview's figures match the generator's own counts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';
import { generateEvents, type GenerateSummary } from '../../scripts/generate-events/generate-events.js';
import { RAW_QUERIES } from '../../scripts/bench-query/raw-queries.js';
import type { RawContext, Row, RunSql } from '../../scripts/bench-query/raw-scope.js';
import { openMigratedChdbStore } from '../helpers/migrated-store.js';

const END = Date.parse('2026-03-10T00:00:00Z');
let dir: string;
let store: ChdbStore;
let summary: GenerateSummary;
let run: RunSql;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loupe-bench-query-'));
  store = await openMigratedChdbStore(join(dir, 'analytics'));
  summary = await generateEvents(store, { siteId: 1, events: 4000, days: 3, seed: 11, endMs: END });
  run = (sql, params) => store.query<Row>(sql, params);
});

afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

function context(filter: RawContext['filter'], arg?: string): RawContext {
  return {
    siteId: 1, from: '2026-03-06 00:00:00.000', to: '2026-03-10 00:00:00.000', toInclusive: false, filter,
    probes: { sessionId: '1', userId: 'nobody', errorMessage: 'Failed to fetch', eventName: 'signup' },
    arg, body: { steps: [{ type: 'page', value: '/pricing' }, { type: 'page', value: '/signup' }, { type: 'event', value: 'signup' }] },
    now: new Date(END),
  };
}

describe('raw queries on a generated data set', () => {
  it.each([
    ['no filter', undefined],
    ['country', { parameter: 'country', value: 'US' }],
    ['channel', { parameter: 'channel', value: 'Organic Search' }],
  ])('all run with %s', async (_label, filter) => {
    for (const [id, query] of Object.entries(RAW_QUERIES)) {
      const answer = await query(run, context(filter, 'country')).catch((error: unknown) => {
        throw new Error(`${id}: ${error instanceof Error ? error.message : String(error)}`);
      });
      expect(answer.length, id).toBeGreaterThan(0);
    }
  });

  it('overview counts every generated session and pageview', async () => {
    const answer = (await RAW_QUERIES.overview?.(run, context(undefined))) ?? [];
    const overview = answer[0]?.[0];
    const [direct] = await run("SELECT countIf(type = 'pageview') AS pageviews, uniqExact(user_id) AS users FROM events", {});
    expect(Number(overview?.sessions)).toBe(summary.sessions);
    expect(Number(overview?.users)).toBe(Number(direct?.users));
    expect(Number(overview?.pageviews)).toBe(Number(direct?.pageviews));
    expect(Number(overview?.sessions)).toBeGreaterThan(500);
  });
});
