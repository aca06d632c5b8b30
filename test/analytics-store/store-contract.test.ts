// The AnalyticsStore contract, run against both adapters: embedded chDB and a ClickHouse server's HTTP interface
// (the official client against the test stand-in, docs/clickhouse-stand-in.md). Every query shape the product
// uses, every parameter type it binds, inserts with and without deduplication (also into the tables a view
// feeds), mutations, errors and concurrency give the same answers on both; the report families over HTTP are
// compared end to end in clickhouse-server-end-to-end.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AnalyticsStore } from '../../src/platform/analytics-store/analytics-store.js';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';
import { ClickHouseStore } from '../../src/platform/analytics-store/clickhouse-store.js';
import { tsvLine, type TsvColumn } from '../../src/platform/analytics-store/tsv-lines.js';
import { startClickHouseStandIn, type ClickHouseStandIn } from '../helpers/clickhouse-stand-in.js';

type Adapter = 'chdb' | 'clickhouse';

const ADAPTERS: readonly Adapter[] = ['chdb', 'clickhouse'];

const TABLES = [
  `CREATE TABLE contract_events (
     id UInt64, site UInt32, name LowCardinality(String), path String, at DateTime64(3, 'UTC'), day Date,
     value Nullable(Float64), tags Array(String), flag Bool, big Int64, props Map(String, String)
   ) ENGINE = MergeTree ORDER BY (site, id) SETTINGS non_replicated_deduplication_window = 1000`,
  `CREATE TABLE contract_totals (site UInt32, events AggregateFunction(count))
   ENGINE = AggregatingMergeTree ORDER BY site SETTINGS non_replicated_deduplication_window = 1000`,
  'CREATE MATERIALIZED VIEW contract_totals_view TO contract_totals AS SELECT site, countState() AS events FROM contract_events GROUP BY site',
];

/** A row as inserted and as read back (64-bit integers travel as strings). */
function row(id: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: String(id), site: 7, name: 'pageview', path: `/p/${id}`, at: '2026-03-29 01:30:00.250', day: '2026-03-29',
    value: null, tags: [], flag: false, big: '0', props: {}, ...overrides,
  };
}

describe.each(ADAPTERS)('the analytics store contract (%s)', (adapter) => {
  let root: string;
  let store: AnalyticsStore;
  let standIn: ClickHouseStandIn | undefined;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), `loupe-contract-${adapter}-`));
    if (adapter === 'clickhouse') {
      standIn = await startClickHouseStandIn(join(root, 'stand-in'));
      store = new ClickHouseStore(standIn.url);
    } else {
      store = new ChdbStore(join(root, 'store'));
    }
    for (const statement of TABLES) await store.command(statement);
  });
  afterAll(async () => {
    await store.close();
    await standIn?.close();
    rmSync(root, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await store.command('TRUNCATE TABLE contract_events');
    await store.command('TRUNCATE TABLE contract_totals');
  });

  it('says which engine it is and answers a ping', async () => {
    expect(store.kind).toBe(adapter);
    expect(await store.ping()).toBe(true);
  });

  it('binds every parameter type the reports use, and returns 64-bit integers as strings', async () => {
    const [answer] = await store.query(
      `SELECT {n:UInt32} AS n, {big:Int64} AS big, {ratio:Float64} AS ratio, {text:String} AS text, {list:Array(String)} AS list,
              {numbers:Array(UInt32)} AS numbers, {at:DateTime64(3, 'UTC')} AS at, {day:Date} AS day, {zone:String} AS zone,
              toTimeZone({at:DateTime64(3, 'UTC')}, {zone:String}) AS local, {maybe:Nullable(String)} AS maybe, {yes:Bool} AS yes`,
      {
        n: 4_000_000_000, big: '-9007199254740993', ratio: 0.125, text: "it's \\ a \"test\"\n\ttab ünïcødé 🎉", list: ['a', "b'c", '', 'd\\e'],
        numbers: [1, 2, 3], at: '2026-03-29 01:30:00.250', day: '2026-03-29', zone: 'Europe/Berlin', maybe: null, yes: true,
      },
    );
    expect(answer).toEqual({
      n: 4_000_000_000, big: '-9007199254740993', ratio: 0.125, text: "it's \\ a \"test\"\n\ttab ünïcødé 🎉", list: ['a', "b'c", '', 'd\\e'],
      numbers: [1, 2, 3], at: '2026-03-29 01:30:00.250', day: '2026-03-29', zone: 'Europe/Berlin', local: '2026-03-29 03:30:00.250', maybe: null, yes: true,
    });
  });

  it('binds a parameter longer than a URL allows', async () => {
    const long = 'x'.repeat(300_000);
    expect(await store.query('SELECT length({long:String}) AS n', { long })).toEqual([{ n: '300000' }]);
  });

  it('inserts rows of every column type and reads them back as written', async () => {
    await store.insert('contract_events', [
      row(1, { value: 1.5, tags: ['x', "y'z"], flag: true, big: '9223372036854775807', props: { plan: 'pro', 'a"b': 'c\\d' } }),
      row(2, { name: 'signup', path: '/join?ref=a&b=c', at: '2026-10-25 00:59:59.999', day: '2026-10-25' }),
    ]);
    expect(await store.query('SELECT * FROM contract_events ORDER BY id')).toEqual([
      row(1, { value: 1.5, tags: ['x', "y'z"], flag: true, big: '9223372036854775807', props: { plan: 'pro', 'a"b': 'c\\d' } }),
      row(2, { name: 'signup', path: '/join?ref=a&b=c', at: '2026-10-25 00:59:59.999', day: '2026-10-25' }),
    ]);
  });

  it('inserts JSONEachRow bytes as the spool holds them, parsed by the engine', async () => {
    const payload = Buffer.from(`${JSON.stringify(row(3, { path: '/ü' }))}\n${JSON.stringify(row(4))}\n`);
    await store.insertJsonEachRow('contract_events', payload);
    expect(await store.query<{ id: string; path: string }>('SELECT id, path FROM contract_events ORDER BY id')).toEqual([{ id: '3', path: '/ü' }, { id: '4', path: '/p/4' }]);
  });

  it('inserts TabSeparated lines under a column list: escapes round-trip, missing values take the defaults, a token drops a repeat', async () => {
    const columns: readonly TsvColumn[] = [
      { name: 'id', kind: 'number' }, { name: 'site', kind: 'number' }, { name: 'path', kind: 'string' }, { name: 'at', kind: 'string' },
      { name: 'value', kind: 'nullable' }, { name: 'props', kind: 'map' }, { name: 'big', kind: 'number' },
    ];
    const tricky = "tab\there\nnew line \\N back\\slash it's ü 🎉\r\0";
    const rows = [
      { id: '5', site: 7, path: tricky, at: '2026-03-29 01:30:00.250', value: 0, props: { "k'ey\t": "va'l\\ue\n", plain: 'x' }, big: '-9007199254740993' },
      { id: '6', site: 7, path: '\\N', at: '2026-03-29 01:30:00.251', value: null, props: {}, extra: 'not a column' },
      { id: '7', site: 7, path: '', at: '2026-03-29 01:30:00.252', value: Number.NaN },
    ];
    const payload = Buffer.from(rows.map((each) => `${tsvLine(each, columns)}\n`).join(''));
    const names = columns.map((column) => column.name);
    await store.insertTabSeparated('contract_events', names, payload, { dedupToken: 'tsv-a' });
    await store.insertTabSeparated('contract_events', names, payload, { dedupToken: 'tsv-a' });
    expect(await store.query('SELECT id, name, path, at, value, props, big, tags, flag FROM contract_events ORDER BY id')).toEqual([
      { id: '5', name: '', path: tricky, at: '2026-03-29 01:30:00.250', value: 0, props: { "k'ey\t": "va'l\\ue\n", plain: 'x' }, big: '-9007199254740993', tags: [], flag: false },
      { id: '6', name: '', path: '\\N', at: '2026-03-29 01:30:00.251', value: null, props: {}, big: '0', tags: [], flag: false },
      { id: '7', name: '', path: '', at: '2026-03-29 01:30:00.252', value: null, props: {}, big: '0', tags: [], flag: false },
    ]);
    expect(await store.query('SELECT site, countMerge(events) AS n FROM contract_totals GROUP BY site')).toEqual([{ site: 7, n: '3' }]);
  });

  it('drops a batch inserted again with the same token, in the table and in the table its view feeds', async () => {
    const batch = [row(10), row(11), row(12)];
    await store.insert('contract_events', batch, { dedupToken: 'batch-a' });
    await store.insert('contract_events', batch, { dedupToken: 'batch-a' });
    await store.insertJsonEachRow('contract_events', Buffer.from(batch.map((each) => JSON.stringify(each)).join('\n')), { dedupToken: 'batch-a' });
    await store.insert('contract_events', [row(13)], { dedupToken: 'batch-b' });
    await store.insert('contract_events', [row(13)]);
    expect(await store.query('SELECT count() AS n FROM contract_events')).toEqual([{ n: '5' }]);
    expect(await store.query('SELECT site, countMerge(events) AS n FROM contract_totals GROUP BY site')).toEqual([{ site: 7, n: '5' }]);
  });

  it('returns rows as JSON lines bytes, unparsed', async () => {
    await store.insert('contract_events', [row(20), row(21, { name: 'signup' })]);
    const bytes = await store.queryJsonLines('SELECT id, name FROM contract_events WHERE site = {site:UInt32} ORDER BY id', { site: 7 });
    expect(bytes.toString('utf8')).toBe('{"id":"20","name":"pageview"}\n{"id":"21","name":"signup"}\n');
    expect((await store.queryJsonLines('SELECT id FROM contract_events WHERE site = 0')).length).toBe(0);
  });

  it('answers the query shapes of the reports: grouping with totals, array joins, windows, subqueries and CTEs', async () => {
    await store.insert('contract_events', [
      row(30, { path: '/a', tags: ['x', 'y'] }), row(31, { path: '/a', tags: ['y'] }), row(32, { path: '/b' }), row(33, { path: '/c', name: 'signup' }),
    ]);
    expect(await store.query('SELECT path, count() AS n FROM contract_events GROUP BY path WITH TOTALS ORDER BY n DESC, path LIMIT {limit:UInt32}', { limit: 2 })).toEqual([
      { path: '/a', n: '2' }, { path: '/b', n: '1' },
    ]);
    expect(await store.query('SELECT tag, count() AS n FROM contract_events ARRAY JOIN tags AS tag GROUP BY tag ORDER BY tag')).toEqual([{ tag: 'x', n: '1' }, { tag: 'y', n: '2' }]);
    expect(await store.query('SELECT id, row_number() OVER (PARTITION BY path ORDER BY id) AS rank FROM contract_events ORDER BY id')).toEqual([
      { id: '30', rank: '1' }, { id: '31', rank: '2' }, { id: '32', rank: '1' }, { id: '33', rank: '1' },
    ]);
    expect(await store.query(
      'WITH signups AS (SELECT path FROM contract_events WHERE name = {name:String}) SELECT count() AS n FROM contract_events WHERE path IN (SELECT path FROM signups) OR path IN {paths:Array(String)}',
      { name: 'signup', paths: ['/b'] },
    )).toEqual([{ n: '2' }]);
    expect(await store.query("SELECT uniqExact(path) AS pages, quantileExact(0.5)(id) AS median, sumIf(1, name = 'signup') AS signups FROM contract_events")).toEqual([
      { pages: '3', median: '32', signups: '1' },
    ]);
  });

  it('runs mutations synchronously: a delete with a subquery and an update are visible to the next read', async () => {
    await store.insert('contract_events', [row(40), row(41, { name: 'signup' }), row(42, { site: 8 })]);
    await store.command(
      'ALTER TABLE contract_events DELETE WHERE site = {site:UInt32} AND id IN (SELECT id FROM contract_events WHERE name = {name:String}) SETTINGS mutations_sync = 2',
      { site: 7, name: 'signup' },
    );
    await store.command("ALTER TABLE contract_events UPDATE path = {path:String} WHERE id = {id:UInt64} SETTINGS mutations_sync = 2", { path: '/renamed', id: 40 });
    await store.command('OPTIMIZE TABLE contract_events FINAL');
    expect(await store.query('SELECT id, path FROM contract_events ORDER BY id')).toEqual([{ id: '40', path: '/renamed' }, { id: '42', path: '/p/42' }]);
    await store.command('INSERT INTO contract_events SELECT * REPLACE (id + 100 AS id) FROM contract_events WHERE site = {site:UInt32}', { site: 8 });
    expect(await store.query('SELECT id FROM contract_events ORDER BY id')).toEqual([{ id: '40' }, { id: '42' }, { id: '142' }]);
  });

  it.each([
    ['a syntax error', 'SELEC 1', {}],
    ['an unknown table', 'SELECT * FROM no_such_table', {}],
    ['a missing parameter', 'SELECT {absent:UInt32} AS n', {}],
    ['a parameter of the wrong type', 'SELECT {n:UInt32} AS n', { n: 'not a number' }],
    ['a division of a string', "SELECT 'a' / 2 AS n", {}],
  ])('rejects %s with the engine\'s message and stays usable', async (_case, sql, params) => {
    await expect(store.query(sql, params)).rejects.toThrow(/\w/);
    expect(await store.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('rejects an insert into a table that does not exist, and a row the table cannot hold', async () => {
    await expect(store.insert('no_such_table', [row(50)])).rejects.toThrow(/\w/);
    await expect(store.insertJsonEachRow('contract_events', Buffer.from('{"id":"not a number"}\n'))).rejects.toThrow(/\w/);
    expect(await store.query('SELECT count() AS n FROM contract_events')).toEqual([{ n: '0' }]);
  });

  it('answers concurrent queries each with its own result', async () => {
    await store.insert('contract_events', Array.from({ length: 50 }, (_, index) => row(100 + index, { site: 1 + (index % 5) })));
    const answers = await Promise.all([1, 2, 3, 4, 5].map((site) => store.query<{ n: string }>('SELECT count() AS n FROM contract_events WHERE site = {site:UInt32}', { site })));
    expect(answers).toEqual([1, 2, 3, 4, 5].map(() => [{ n: '10' }]));
  });
});
