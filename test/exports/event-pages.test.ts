// Keyset pages over a real chDB store: every row of the site and range exactly once, in (timestamp, event_id)
// order, across page boundaries that fall inside runs of equal timestamps; and the column lists match the tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStatsTestStore, type StatsTestStore } from '../helpers/stats-test-store.js';
import { BOT_EVENT_COLUMNS, EVENT_COLUMNS } from '../../src/exports/export-columns.js';
import { exportChunks } from '../../src/exports/export-stream.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
// Seven events of site 1 (three share one millisecond, two another), one of site 2, one of site 1 outside the range.
const EVENTS = [
  { n: 5, at: '2026-03-02 10:00:00.000' },
  { n: 3, at: '2026-03-02 10:00:00.000' },
  { n: 9, at: '2026-03-02 10:00:00.000' },
  { n: 1, at: '2026-03-01 00:00:00.000' },
  { n: 7, at: '2026-03-03 23:59:59.999' },
  { n: 2, at: '2026-03-03 08:00:00.500' },
  { n: 4, at: '2026-03-03 08:00:00.500' },
];

describe('export pages', () => {
  let t: StatsTestStore;
  const range = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-04T00:00:00Z'), toInclusive: false, timeZone: 'UTC' };

  beforeAll(async () => {
    t = await openStatsTestStore();
    const row = (site: number, n: number, at: string) => ({ site_id: site, event_id: id(n), timestamp: at, session_id: String(n), user_id: `v${n}`, pathname: `/p${n}`, type: 'pageview' });
    await t.store.insert('events', [...EVENTS.map((e) => row(1, e.n, e.at)), row(2, 6, '2026-03-02 12:00:00.000'), row(1, 8, '2026-03-04 00:00:00.000')]);
    await t.store.insert('bot_events', [
      { site_id: 1, event_id: id(21), timestamp: '2026-03-02 09:00:00.000', type: 'pageview', bot_name: 'Googlebot', user_agent: '=cmd' },
      { site_id: 1, event_id: id(20), timestamp: '2026-03-02 09:00:00.000', type: 'pageview', bot_name: 'Bingbot' },
      { site_id: 2, event_id: id(22), timestamp: '2026-03-02 09:00:00.000', type: 'pageview', bot_name: 'Other' },
    ]);
  });
  afterAll(async () => t.close());

  async function ndjson(pageRows: number, bots: boolean): Promise<Array<Record<string, unknown>>> {
    let text = '';
    for await (const chunk of exportChunks(t.store, { siteId: 1, range, pageRows, format: 'ndjson', bots })) text += chunk;
    return text.split('\n').filter((line) => line.length > 0).map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it.each([1, 2, 3, 7, 100])('pages of %i rows give every row of the site and range once, in order', async (pageRows) => {
    const lines = await ndjson(pageRows, true);
    expect(lines.map((line) => [line.table, line.timestamp, line.event_id])).toEqual([
      ['events', '2026-03-01 00:00:00.000', id(1)],
      ['events', '2026-03-02 10:00:00.000', id(3)],
      ['events', '2026-03-02 10:00:00.000', id(5)],
      ['events', '2026-03-02 10:00:00.000', id(9)],
      ['events', '2026-03-03 08:00:00.500', id(2)],
      ['events', '2026-03-03 08:00:00.500', id(4)],
      ['events', '2026-03-03 23:59:59.999', id(7)],
      ['bot_events', '2026-03-02 09:00:00.000', id(20)],
      ['bot_events', '2026-03-02 09:00:00.000', id(21)],
    ]);
  });

  it('writes each table\'s documented columns, in order, after `table`', async () => {
    const [human] = await ndjson(100, false);
    expect(Object.keys(human ?? {})).toEqual(['table', ...EVENT_COLUMNS]);
    expect(human).toMatchObject({ site_id: 1, session_id: '1', user_id: 'v1', pathname: '/p1', lcp: null, url_parameters: {}, session_start: '1970-01-01 00:00:00.000' });
    const bot = (await ndjson(100, true)).find((line) => line.table === 'bot_events');
    expect(Object.keys(bot ?? {})).toEqual(['table', ...BOT_EVENT_COLUMNS]);
  });

  it('the column lists are every stored column of the two tables (a new column must be added to the export)', async () => {
    const stored = async (table: string) => (await t.store.query<{ name: string }>(
      `SELECT name FROM system.columns WHERE database = currentDatabase() AND table = {table:String} AND default_kind != 'MATERIALIZED' ORDER BY position`, { table },
    )).map((row) => row.name);
    expect(await stored('events')).toEqual([...EVENT_COLUMNS]);
    expect(await stored('bot_events')).toEqual([...BOT_EVENT_COLUMNS]);
  });

  it('CSV: header, one record per row, bot-only columns last, formula cells guarded', async () => {
    let text = '';
    for await (const chunk of exportChunks(t.store, { siteId: 1, range, pageRows: 2, format: 'csv', bots: true })) text += chunk;
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(['table', ...EVENT_COLUMNS, 'user_agent', 'asn', 'bot_name', 'bot_category', 'ai_operator', 'ai_purpose', 'ua_pattern', 'header_heuristics', 'client_signals', 'bot_asn', 'rate_anomaly'].join(','));
    expect(lines).toHaveLength(1 + 9 + 1);
    expect(lines.at(-1)).toBe('');
    expect(lines[1]?.startsWith(`events,1,2026-03-01 00:00:00.000,${id(1)},1,1970-01-01 00:00:00.000,v1,,pageview,,,,/p1,,{},`)).toBe(true);
    const googlebot = lines.find((line) => line.includes(id(21)))?.split(',');
    const header = lines[0]?.split(',') ?? [];
    const cells = Object.fromEntries(header.map((column, at) => [column, googlebot?.[at]]));
    expect(googlebot).toHaveLength(header.length);
    expect(cells).toMatchObject({ table: 'bot_events', site_id: '1', event_id: id(21), session_id: '', user_id: '', lat: '', type: 'pageview', user_agent: "'=cmd", asn: '0', bot_name: 'Googlebot', rate_anomaly: '0' });
  });
});
