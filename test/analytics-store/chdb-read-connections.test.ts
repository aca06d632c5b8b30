import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';
import { nextTurn } from '../helpers/next-turn.js';

describe("the embedded store's reads side by side on connections of their own (decision 0078)", () => {
  let root: string;
  let store: ChdbStore;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'loupe-chdb-reads-'));
    store = new ChdbStore(join(root, 'analytics'));
    await store.command('CREATE TABLE visits (site_id UInt32, path String) ENGINE = MergeTree ORDER BY site_id');
    await store.insert('visits', [
      { site_id: 1, path: '/a' },
      { site_id: 1, path: '/b' },
      { site_id: 2, path: '/c' },
    ]);
  });
  afterAll(async () => {
    await store.close();
    await rm(root, { recursive: true, force: true });
  });

  it('answers a short bound read asked for during a long one before the long one ends', async () => {
    const order: string[] = [];
    // About two seconds: the engine sleeps a second per row.
    const long = store.query<{ rows: number }>('SELECT toUInt32(count()) AS rows FROM numbers({n:UInt32}) WHERE sleepEachRow(1) = 0', { n: 2 }).then((rows) => order.push(`long ${rows[0]?.rows}`));
    await nextTurn();
    const short = store.query<{ paths: number }>('SELECT toUInt32(count()) AS paths FROM visits WHERE site_id = {site:UInt32}', { site: 1 }).then((rows) => order.push(`short ${rows[0]?.paths}`));
    await Promise.all([long, short]);
    expect(order).toEqual(['short 2', 'long 2']);
  });

  it('gives each of many bound reads at once its own values', async () => {
    const asked = Array.from({ length: 24 }, (_, index) => ({ site: (index % 3) + 1, tag: `tag-${index}` }));
    const answers = await Promise.all(
      asked.map(({ site, tag }) =>
        store.query<{ tag: string; site: number; paths: string }>(
          "SELECT {tag:String} AS tag, {site:UInt32} AS site, arrayStringConcat(arraySort(groupArray(path)), ',') AS paths FROM visits WHERE site_id = {site:UInt32}",
          { site, tag },
        ),
      ),
    );
    const expected = { 1: '/a,/b', 2: '/c', 3: '' } as const;
    expect(answers).toEqual(asked.map(({ site, tag }) => [{ tag, site, paths: expected[site as 1 | 2 | 3] }]));
  });

  it('runs the statements the engine cannot stream, and returns their rows where they have some', async () => {
    await store.command('CREATE TABLE copied (site_id UInt32, path String) ENGINE = MergeTree ORDER BY site_id');
    expect(await store.query('INSERT INTO copied SELECT * FROM visits WHERE site_id = {site:UInt32}', { site: 1 })).toEqual([]);
    expect(await store.query('OPTIMIZE TABLE copied FINAL')).toEqual([]);
    expect(await store.query<{ name: string }>("SELECT name FROM system.tables WHERE database = currentDatabase() AND name LIKE 'cop%'")).toEqual([{ name: 'copied' }]);
    const bytes = await store.queryJsonLines('SELECT path FROM copied ORDER BY path');
    const lines = bytes.toString('utf8').split('\n');
    expect(lines.map((line) => (line === '' ? undefined : (JSON.parse(line) as { path: string }).path))).toEqual(['/a', '/b', undefined]);
  });

  it('refuses a value its placeholder cannot hold, and a statement that names nothing known, and keeps answering', async () => {
    await expect(store.query('SELECT count() FROM visits WHERE site_id = {site:UInt32}', { site: 'one' })).rejects.toThrow(/cannot be parsed as UInt32/);
    await expect(store.query('SELECT no_such_column FROM visits')).rejects.toThrow(/no_such_column/);
    expect(await store.query('SELECT toUInt32(count()) AS rows FROM visits')).toEqual([{ rows: 3 }]);
  });
});
