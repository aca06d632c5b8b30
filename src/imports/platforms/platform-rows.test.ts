// Each platform's rows as stored: names mapped, sessions per UTC day, content-derived ids and keys, file names.
import { describe, expect, it } from 'vitest';
import { reportOfFileName } from '../files/plausible-csv-zip-file.js';
import type { MappedRow } from '../mapped-row.js';
import { ga4Row } from './ga4-rows.js';
import { loupeRow } from './loupe-rows.js';
import { plausibleAggregateRow } from './plausible-aggregate-rows.js';
import { simpleAnalyticsRow } from './simple-analytics-rows.js';
import { umamiRow } from './umami-rows.js';

const context = { siteId: 3, importId: 'import-a' };
const row = (mapped: MappedRow) => (mapped.kind === 'event' || mapped.kind === 'aggregate' ? mapped.row : mapped);

describe('umami rows', () => {
  const base = { session_id: 'visitor', created_at: '2026-03-02 23:59:59', url_path: '/a', event_type: '1' };

  it.each([
    [{ browser: 'edge-chromium', os: 'Windows 10', device: 'laptop' }, { browser: 'Edge', operating_system: 'Windows', operating_system_version: '10', device_type: 'Desktop' }],
    [{ browser: 'crios', os: 'iOS', device: 'mobile' }, { browser: 'Mobile Chrome', operating_system: 'iOS', operating_system_version: '', device_type: 'Mobile' }],
    [{ browser: 'Brave', os: 'Haiku', device: '', screen: '800x600' }, { browser: 'Brave', operating_system: 'Haiku', operating_system_version: '', device_type: 'Tablet' }],
  ])('names %o as Loupe does', (fields, expected) => {
    expect(row(umamiRow({ ...base, ...fields }, context))).toMatchObject(expected);
  });

  it('keeps a visit of one UTC day in one session starting at its midnight, and the same row under the same id', () => {
    const late = row(umamiRow({ ...base, visit_id: 'v1' }, context));
    const next = row(umamiRow({ ...base, visit_id: 'v1', created_at: '2026-03-03 00:00:01' }, context));
    expect(late).toMatchObject({ session_start: '2026-03-02 00:00:00.000', timestamp: '2026-03-02 23:59:59.000', import_id: 'import-a' });
    expect(next).toMatchObject({ session_start: '2026-03-03 00:00:00.000' });
    expect((late as { session_id: string }).session_id).not.toBe((next as { session_id: string }).session_id);
    const again = umamiRow({ ...base, visit_id: 'v1' }, { ...context, importId: 'import-b' });
    expect(again.kind === 'event' && again.eventId).toBe((umamiRow({ ...base, visit_id: 'v1' }, context) as { eventId: string }).eventId);
  });

  it('reads the referrer and UTM tags, and refuses a custom event without a name', () => {
    expect(row(umamiRow({ ...base, referrer_domain: 'www.google.com', referrer_path: '/search', url_query: 'utm_source=mail&x=1' }, context)))
      .toMatchObject({ referrer: 'https://www.google.com/search', utm_source: 'mail', url_parameters: { utm_source: 'mail', x: '1' } });
    expect(umamiRow({ ...base, event_type: '2' }, context)).toEqual({ kind: 'invalid', problems: [{ field: 'event_name', message: 'Required for a custom event (event_type 2)' }] });
  });
});

describe('umami event types', () => {
  const base = { session_id: 'visitor', created_at: '2026-03-02 10:00:00', url_path: '/a' };
  it('stores type 5 as a performance event with the vitals it has, and skips link (3) and pixel (4) rows', () => {
    expect(row(umamiRow({ ...base, event_type: '5', lcp: '2400.0', cls: '0.0500', inp: '', fcp: '', ttfb: '300.5' }, context)))
      .toMatchObject({ type: 'performance', event_name: '', lcp: 2400, cls: 0.05, ttfb: 300.5 });
    expect(row(umamiRow({ ...base, event_type: 5, lcp: 1200 }, context))).not.toHaveProperty('inp');
    expect(umamiRow({ ...base, event_type: '3' }, context)).toEqual({ kind: 'skip', reason: 'unsupported_event_type' });
    expect(umamiRow({ ...base, event_type: 4 }, context)).toEqual({ kind: 'skip', reason: 'unsupported_event_type' });
    expect(umamiRow({ ...base, event_type: '6' }, context)).toMatchObject({ kind: 'invalid', problems: [{ field: 'event_type' }] });
    expect(umamiRow({ ...base, event_type: '5', lcp: '-1' }, context)).toMatchObject({ kind: 'invalid', problems: [{ field: 'lcp' }] });
  });
});

describe('simple analytics rows', () => {
  const base = { added_iso: '2026-03-05T08:00:00Z', session_id: 's', path: '/', hostname: 'shop.example.org' };
  it('reads a row without datapoint as a page view, and the source from utm_source, else the query\'s utm_source, else its ref=', () => {
    expect(row(simpleAnalyticsRow({ ...base, query: 'ref=producthunt' }, context))).toMatchObject({ type: 'pageview', utm_source: 'producthunt', channel: expect.not.stringMatching(/^Direct$/) });
    expect(row(simpleAnalyticsRow({ ...base, query: 'ref=producthunt&utm_source=mail' }, context))).toMatchObject({ utm_source: 'mail' });
    expect(row(simpleAnalyticsRow({ ...base, query: 'ref=x', utm_source: 'column', utm_medium: 'social' }, context))).toMatchObject({ utm_source: 'column', utm_medium: 'social' });
    expect(row(simpleAnalyticsRow({ ...base, datapoint: 'download' }, context))).toMatchObject({ type: 'custom_event', event_name: 'download' });
  });

  it('joins the language and its region; a self-referral is no referrer and the Internal channel, as in tracking', () => {
    const mapped = row(simpleAnalyticsRow({
      added_iso: '2026-03-05T08:00:00Z', session_id: 's', datapoint: 'pageview', hostname: 'Blog.Example.org', path: '/', document_referrer: 'https://blog.example.org/x',
      lang_language: 'nl', lang_region: 'be', user_agent: '',
    }, context));
    expect(mapped).toMatchObject({ language: 'nl-BE', referrer: '', hostname: 'blog.example.org', type: 'pageview', channel: 'Internal' });
  });
});

describe('loupe rows', () => {
  const event = { timestamp: '2026-03-04 09:00:00.000', event_id: '3d0e2a10-0000-4000-8000-000000000001', session_id: '9001', user_id: 'v', type: 'pageview', site_id: 99, import_id: 'old', user_key_hash: '5' };

  it('stores the row in this site and import, with a session id of this import, and skips bot and recording lines', () => {
    const mapped = loupeRow(event, context);
    expect(mapped).toMatchObject({ kind: 'event', eventId: event.event_id, row: { site_id: 3, import_id: 'import-a', session_start: '1970-01-01 00:00:00.000' } });
    expect(mapped.kind === 'event' && 'user_key_hash' in mapped.row).toBe(false);
    expect(mapped.kind === 'event' ? mapped.row.session_id : '9001').not.toBe('9001');
    expect(loupeRow({ ...event, table: 'bot_events' }, context)).toEqual({ kind: 'skip', reason: 'bot_event' });
    expect(loupeRow({ table: 'session_replay_metadata', site_id: 1, session_id: '9001' }, context)).toEqual({ kind: 'skip', reason: 'session_replay' });
    expect(loupeRow({ table: 'session_replay_batches', site_id: 1, session_id: '9001', events: '[]' }, context)).toEqual({ kind: 'skip', reason: 'session_replay' });
    expect(loupeRow({ ...event, table: 'sessions' }, context)).toMatchObject({ kind: 'invalid' });
    expect(loupeRow({ ...event, session_id: '18446744073709551616' }, context)).toMatchObject({ kind: 'invalid', problems: [{ field: 'session_id' }] });
  });
});

describe('plausible aggregate rows', () => {
  it.each([
    [{ report: 'imported_operating_systems', date: '2026-02-01', operating_system: 'Mac', visits: '3' }, { report: 'operating_systems', operating_system: 'macOS', visits: 3 }],
    [{ report: 'imported_sources', date: '2026-02-01', referrer: 'https://www.Google.com/search?q=x', visits: '2' }, { report: 'sources', referrer: 'google.com' }],
    [{ report: 'imported_entry_pages', date: '2026-02-01', entry_page: '/', entrances: '4', visits: '9' }, { report: 'entry_pages', entry_page: '/', visits: 4 }],
  ])('maps %o', (raw, expected) => {
    expect(row(plausibleAggregateRow(raw, context))).toMatchObject(expected);
  });

  it('keys a row by its day, report and values, whichever import sends it', () => {
    const raw = { report: 'imported_pages', date: '2026-02-01', page: '/', visits: '1' };
    const key = (mapped: MappedRow) => (mapped.kind === 'aggregate' ? mapped.key : '');
    expect(key(plausibleAggregateRow(raw, context))).toBe(key(plausibleAggregateRow({ ...raw, visits: '7' }, { ...context, importId: 'import-b' })));
    expect(key(plausibleAggregateRow(raw, context))).not.toBe(key(plausibleAggregateRow({ ...raw, page: '/b' }, context)));
    expect(plausibleAggregateRow({ ...raw, report: 'imported_goals' }, context)).toMatchObject({ kind: 'invalid', problems: [{ field: 'report' }] });
    expect(plausibleAggregateRow({ ...raw, visits: '-1' }, context)).toMatchObject({ kind: 'invalid', problems: [{ field: 'visits' }] });
  });

  it.each([
    ['imported_visitors_20240101_20241231.csv', 'imported_visitors'],
    ['exports/pages_20240101_20241231.csv', 'imported_pages'],
    ['imported_goals_20240101_20241231.csv', undefined],
    ['visitors.csv', undefined],
  ])('reads the report of the file name %s', (name, report) => {
    expect(reportOfFileName(name)).toBe(report);
  });
});

describe('ga4 rows', () => {
  const base = {
    event_timestamp: '1772442000123456', event_name: 'page_view', user_pseudo_id: 'p1',
    event_params: [
      { key: 'ga_session_id', value: { int_value: '1772442000' } },
      { key: 'page_location', value: { string_value: 'https://Shop.example.net/a?utm_source=q&x=1' } },
    ],
  };
  it('reads microseconds as milliseconds, the page from page_location, and the session from ga_session_id', () => {
    expect(row(ga4Row(base, context))).toMatchObject({ timestamp: '2026-03-02 09:00:00.123', hostname: 'shop.example.net', pathname: '/a', querystring: 'utm_source=q&x=1', utm_source: 'q', type: 'pageview' });
    expect(ga4Row({ ...base, event_timestamp: 1772442000123456 }, context)).toMatchObject({ kind: 'event' });
  });
  it('names countries by code, skips bookkeeping events, keeps other parameters as properties', () => {
    expect(row(ga4Row({ ...base, geo: { country: 'United Kingdom', city: '(not set)' } }, context))).toMatchObject({ country: 'GB', city: '' });
    expect(row(ga4Row({ ...base, geo: { country: 'Türkiye' } }, context))).toMatchObject({ country: 'TR' });
    expect(row(ga4Row({ ...base, geo: { country: 'Germany' } }, context))).toMatchObject({ country: 'DE' });
    expect(row(ga4Row({ ...base, geo: { country: 'Atlantis' } }, context))).toMatchObject({ country: '' });
    expect(ga4Row({ ...base, event_name: 'session_start' }, context)).toEqual({ kind: 'skip', reason: 'automatic_event' });
    const custom = row(ga4Row({ ...base, event_name: 'file_download', event_params: [...base.event_params, { key: 'file_name', value: { string_value: 'a.pdf' } }, { key: 'size', value: { int_value: '12' } }] }, context));
    expect(custom).toMatchObject({ type: 'custom_event', event_name: 'file_download', props: '{"file_name":"a.pdf","size":12}' });
    expect(ga4Row({ ...base, user_pseudo_id: '' }, context)).toMatchObject({ kind: 'invalid', problems: [{ field: 'user_pseudo_id' }] });
  });
});
