// The ClickHouse HTTP stand-in used by LOUPE_TEST_STORE=clickhouse, driven by Loupe's ClickHouse store through
// the official client: ping, bound parameters (escaped strings, arrays, values too long for a URL), inserts with
// deduplication tokens, and errors parsed by the client as a server's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClickHouseError } from '@clickhouse/client';
import { ClickHouseStore } from '../../src/platform/analytics-store/clickhouse-store.js';
import { startClickHouseStandIn, type ClickHouseStandIn } from '../helpers/clickhouse-stand-in.js';
import { parseArrayLiteral, splitInsert, unescapeText } from '../helpers/clickhouse-stand-in-protocol.js';

describe('the ClickHouse HTTP stand-in', () => {
  let root: string;
  let standIn: ClickHouseStandIn;
  let store: ClickHouseStore;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'loupe-stand-in-'));
    standIn = await startClickHouseStandIn(join(root, 'db'));
    store = new ClickHouseStore(standIn.url);
    await store.command('CREATE TABLE t (id UInt64, name String) ENGINE = MergeTree ORDER BY id SETTINGS non_replicated_deduplication_window = 100');
  });
  afterAll(async () => {
    await store.close();
    await standIn.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers the ping', async () => {
    expect(await store.ping()).toBe(true);
    expect(await (await fetch(`${standIn.url}/ping`)).text()).toBe('Ok.\n');
  });

  it('binds escaped strings, numbers and arrays as the server does', async () => {
    const awkward = "quote ' backslash \\ tab \t newline \n end";
    expect(await store.query('SELECT {s:String} AS s, {n:UInt32} AS n, {l:Array(String)} AS l, {u:Array(UInt64)} AS u', {
      s: awkward, n: 7, l: ["it's", 'b\\c', 'plain'], u: [1, 2],
    })).toEqual([{ s: awkward, n: 7, l: ["it's", 'b\\c', 'plain'], u: ['1', '2'] }]);
  });

  it('reads parameters too long for a URL from the multipart body the client sends them in', async () => {
    const ids = Array.from({ length: 20_000 }, (_, index) => `session-${index}`);
    expect(await store.query('SELECT length({ids:Array(String)}) AS n, {ids:Array(String)}[20000] AS last', { ids })).toEqual([{ n: '20000', last: 'session-19999' }]);
  });

  it('drops a replayed insert with the same deduplication token, keeps one with another', async () => {
    const rows = [{ id: 1, name: 'a' }, { id: 2, name: 'b' }];
    await store.insert('t', rows, { dedupToken: 'batch-1' });
    await store.insert('t', rows, { dedupToken: 'batch-1' });
    await store.insertJsonEachRow('t', Buffer.from('{"id":3,"name":"c"}\n'), { dedupToken: 'batch-2' });
    expect(await store.query('SELECT id, name FROM t ORDER BY id')).toEqual([{ id: '1', name: 'a' }, { id: '2', name: 'b' }, { id: '3', name: 'c' }]);
  });

  it('reports an engine error with its code and type, as a server does', async () => {
    const error = await store.query('SELEC 1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ClickHouseError);
    expect((error as ClickHouseError).code).toBe('62');
    expect((error as ClickHouseError).type).toBe('SYNTAX_ERROR');
    const response = await fetch(`${standIn.url}/?query=${encodeURIComponent('SELECT * FROM missing_table')}`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(response.headers.get('x-clickhouse-exception-code')).toBe('60');
  });

  it('refuses a per-statement setting it cannot scope, instead of ignoring it', async () => {
    const response = await fetch(`${standIn.url}/?max_threads=1`, { method: 'POST', body: 'SELECT 1' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('cannot apply settings to this statement: max_threads');
  });
});

describe('its encodings', () => {
  it.each([
    ['a\\tb', 'a\tb'], ["it\\'s", "it's"], ['back\\\\slash', 'back\\slash'], ['new\\nline', 'new\nline'], ['plain', 'plain'],
  ])('unescapes %j to %j', (text, value) => {
    expect(unescapeText(text)).toBe(value);
  });

  it('reads array literals with escaped strings and numbers', () => {
    expect(parseArrayLiteral("['it\\'s','b\\\\c', 'x']")).toEqual(["it's", 'b\\c', 'x']);
    expect(parseArrayLiteral('[1, 2,3]')).toEqual([1, 2, 3]);
    expect(() => parseArrayLiteral("['open")).toThrow();
  });

  it('splits the insert line the client writes', () => {
    expect(splitInsert('INSERT INTO events FORMAT JSONEachRow')).toEqual({ table: 'events', columns: undefined, format: 'JSONEachRow' });
    expect(splitInsert('INSERT INTO db.t (a, b) FORMAT JSONCompactEachRow')).toEqual({ table: 'db.t', columns: ['a', 'b'], format: 'JSONCompactEachRow' });
    expect(() => splitInsert('SELECT 1')).toThrow();
  });
});
