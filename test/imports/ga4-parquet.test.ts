// GA4's BigQuery export as Parquet (the events_* schema: INT64 columns, records as groups, event_params as a
// list of key/value records) written from the NDJSON fixture's own rows, uploaded to one site, and the NDJSON
// file to another: the two imports answer the same counts and store the same rows, column by column. A file
// that only starts like Parquet is refused with its name and nothing is kept.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetWriteFile } from 'hyparquet-writer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../helpers/analytics-rows.js';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { fixture } from './import-reports.js';

type Row = Record<string, unknown>;
type Element = { name: string; type?: string; converted_type?: string; repetition_type: 'OPTIONAL' | 'REPEATED'; num_children?: number };

const text = (name: string): Element => ({ name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' });
const int64 = (name: string): Element => ({ name, type: 'INT64', repetition_type: 'OPTIONAL' });
const double = (name: string): Element => ({ name, type: 'DOUBLE', repetition_type: 'OPTIONAL' });
const group = (name: string, children: Element[][]): Element[] => [{ name, repetition_type: 'OPTIONAL', num_children: children.length }, ...children.flat()];

const DEVICE = ['category', 'operating_system', 'operating_system_version', 'language', 'browser', 'browser_version'];
const GEO = ['city', 'country', 'continent', 'region', 'sub_continent', 'metro'];
const CAMPAIGN = ['manual_campaign_id', 'manual_campaign_name', 'manual_source', 'manual_medium', 'manual_term', 'manual_content', 'gclid', 'dclid', 'srsltid'];

/** A list of records, as BigQuery writes a REPEATED RECORD with list inference: the list, its repeated level, its element. */
const recordList = (name: string, element: Element[]): Element[] => [
  { name, repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
  ...element,
];

/** The parts of the events_* schema the fixture fills. */
const SCHEMA: Element[] = [
  [text('event_date')], [int64('event_timestamp')], [text('event_name')],
  recordList('event_params', group('element', [[text('key')], group('value', [[text('string_value')], [int64('int_value')], [double('float_value')], [double('double_value')]])])),
  [text('user_id')], [text('user_pseudo_id')],
  group('device', [...DEVICE.map((name) => [text(name)]), group('web_info', [[text('browser')], [text('browser_version')], [text('hostname')]])]),
  group('geo', GEO.map((name) => [text(name)])),
  group('collected_traffic_source', CAMPAIGN.map((name) => [text(name)])),
].flat();

const bigint = (value: unknown) => (value === null || value === undefined ? null : BigInt(String(value)));
const pick = (record: unknown, names: readonly string[]) =>
  record === null || record === undefined ? null : Object.fromEntries(names.map((name) => [name, (record as Row)[name] ?? null]));

function writeParquet(events: readonly Row[], path: string): void {
  const column = (name: string, value: (event: Row) => unknown) => ({ name, data: events.map(value) });
  parquetWriteFile({
    filename: path,
    columnData: [
      column('event_date', (event) => event.event_date),
      column('event_timestamp', (event) => bigint(event.event_timestamp)),
      column('event_name', (event) => event.event_name),
      column('event_params', (event) => (event.event_params as Row[]).map((param) => {
        const value = param.value as Row;
        return { key: param.key, value: { string_value: value.string_value ?? null, int_value: bigint(value.int_value), float_value: value.float_value ?? null, double_value: value.double_value ?? null } };
      })),
      column('user_id', (event) => event.user_id),
      column('user_pseudo_id', (event) => event.user_pseudo_id),
      column('device', (event) => ({ ...pick(event.device, DEVICE), web_info: pick((event.device as Row).web_info, ['browser', 'browser_version', 'hostname']) })),
      column('geo', (event) => pick(event.geo, GEO)),
      column('collected_traffic_source', (event) => pick(event.collected_traffic_source, CAMPAIGN)),
    ],
    schema: [{ name: 'root', num_children: 9 }, ...SCHEMA] as never,
  });
}

describe('GA4 export as Parquet', () => {
  let t: TestApp;
  let key: { key: string };
  let owner: { cookie: string };
  let org: string;
  const dir = mkdtempSync(join(tmpdir(), 'loupe-ga4-parquet-'));
  const ndjson = readFileSync(fixture('ga4-events.ndjson'));
  const events = ndjson.toString('utf8').trim().split('\n').map((line) => JSON.parse(line) as Row);

  const upload = async (site: number, body: Buffer, name: string) => {
    const started = await call(t.app, key, { method: 'POST', url: `/api/sites/${site}/imports`, payload: { platform: 'ga4' } });
    const importId = (started.json() as { data: { importId: string } }).data.importId;
    return call(t.app, key, { method: 'PUT', url: `/api/sites/${site}/imports/${importId}/file?name=${name}`, headers: { 'content-type': 'application/octet-stream' }, payload: body });
  };
  const stored = (site: number) => rows(t, `SELECT toString(timestamp) AS at, type, event_name, hostname, pathname, querystring, referrer, page_title, identified_user_id,
      browser, browser_version, operating_system, operating_system_version, device_type, country, city, language, utm_source, utm_medium, utm_campaign, props
    FROM events WHERE site_id = {site:UInt32} ORDER BY timestamp, event_name, pathname`, { site });

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-10T12:00:00Z') });
    owner = await signUp(t.app, 'ga4-parquet@example.com');
    org = await createOrganization(t.app, owner.cookie, 'ga4-parquet');
    key = await createOrganizationKey(t.app, owner, org);
  }, 60_000);
  afterAll(async () => t.close());

  it('imports the same rows from Parquet as from the NDJSON it was written from', async () => {
    const parquet = join(dir, 'events.parquet');
    writeParquet(events, parquet);
    const fromJson = (await createSite(t.app, owner, org, { domain: 'json.example.net' })).siteId;
    const fromParquet = (await createSite(t.app, owner, org, { domain: 'parquet.example.net' })).siteId;
    const json = await upload(fromJson, ndjson, 'ga4-events.ndjson');
    const columnar = await upload(fromParquet, readFileSync(parquet), 'events.parquet');
    expect([json.statusCode, columnar.statusCode]).toEqual([200, 200]);
    const counts = (res: typeof json) => {
      const { importId: _importId, ...rest } = (res.json() as { data: Record<string, unknown> }).data;
      return rest;
    };
    const bookkeeping = events.filter((event) => ['session_start', 'first_visit', 'user_engagement'].includes(String(event.event_name))).length;
    expect(counts(columnar)).toEqual({ rowsRead: events.length, importedEvents: events.length - bookkeeping, skippedEvents: bookkeeping, skipped: { automatic_event: bookkeeping } });
    expect(counts(columnar)).toEqual(counts(json));
    const parquetRows = await stored(fromParquet);
    expect(parquetRows).toHaveLength(events.length - bookkeeping);
    expect(parquetRows).toEqual(await stored(fromJson));
  });

  it('refuses a file that starts like Parquet but is not one, naming it, and keeps nothing', async () => {
    const site = (await createSite(t.app, owner, org, { domain: 'broken.example.net' })).siteId;
    const path = join(dir, 'broken.parquet');
    writeFileSync(path, Buffer.concat([Buffer.from('PAR1'), Buffer.alloc(64, 7)]));
    const res = await upload(site, readFileSync(path), 'broken.parquet');
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toMatch(/^broken\.parquet: not a readable Parquet file \(.+\) \(the import was deleted: nothing of the file was kept\)$/);
    const listed = await call(t.app, key, { method: 'GET', url: `/api/sites/${site}/imports` });
    expect((listed.json() as { data: unknown[] }).data).toEqual([]);
  });
});
