// Export files laid out as the products write them, in the cases that failed before: Umami rows of event type 5
// (web vitals), Simple Analytics' page views export (no datapoint column) with its utm_* columns and `ref=`.
// Every expected figure is counted from the file itself, apart from the mapping under test.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { fixture, importOverHttp, reportValues } from './import-reports.js';

/** A fixture's rows as objects (its cells hold no quoted commas except the user agent, which is the last quoted cell). */
function fileRows(name: string): Array<Record<string, string>> {
  const [header = '', ...lines] = readFileSync(fixture(name), 'utf8').trim().split('\n');
  const columns = header.split(',');
  return lines.map((line) => {
    const quoted = /"[^"]*"/.exec(line);
    const cells = (quoted ? line.replace(quoted[0], '\u0000') : line).split(',').map((cell) => (cell === '\u0000' ? (quoted?.[0] ?? '').slice(1, -1) : cell));
    return Object.fromEntries(columns.map((column, index) => [column, cells[index] ?? '']));
  });
}

const range = 'start_date=2026-03-01&end_date=2026-03-10&time_zone=UTC';
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe('imports of real export layouts', () => {
  let t: TestApp;
  let key: { key: string };
  let owner: { cookie: string };
  let org: string;
  const get = async (site: number, path: string) => {
    const res = await call(t.app, key, { method: 'GET', url: `/api/sites/${site}${path}${path.includes('?') ? '&' : '?'}${range}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: unknown }).data;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-10T12:00:00Z') });
    owner = await signUp(t.app, 'real-exports@example.com');
    org = await createOrganization(t.app, owner.cookie, 'real-exports');
    key = await createOrganizationKey(t.app, owner, org);
  }, 60_000);
  afterAll(async () => t.close());

  it('Umami: event type 5 rows become performance events with their vitals; link and pixel rows are skipped with their reason', async () => {
    const rows = fileRows('umami-web-vitals.csv');
    const ofType = (type: string) => rows.filter((row) => row.event_type === type);
    const site = (await createSite(t.app, owner, org, { domain: 'vitals.example.com' })).siteId;
    const { total, importId } = await importOverHttp(t.app, key, site, 'umami', 'umami-web-vitals.csv', 3);
    const unsupported = ofType('3').length + ofType('4').length;
    expect(unsupported).toBe(1);
    expect(total).toEqual({ importedEvents: rows.length - unsupported, skippedEvents: unsupported, skipped: { unsupported_event_type: unsupported } });

    const values = await reportValues(t.app, key, site, range);
    expect(values.overview).toMatchObject({ pageviews: ofType('1').length, sessions: new Set(rows.map((row) => row.visit_id)).size });
    const pageviewsOf = (path: string) => ofType('1').filter((row) => row.url_path === path).length;
    expect(values.pages).toEqual([['/', 2, pageviewsOf('/')], ['/docs', 1, pageviewsOf('/docs')]]);

    const vitals = ofType('5');
    const overview = (await get(site, '/performance/overview')) as Record<string, number | null>;
    expect(overview.total_performance_events).toBe(vitals.length);
    const byPage = (await get(site, '/performance/by-dimension?dimension=pathname')) as { data: Array<Record<string, string | number | null>> };
    const expected = [...new Set(vitals.map((row) => row.url_path))].map((path) => {
      const of = vitals.filter((row) => row.url_path === path);
      const avg = (name: string) => {
        const present = of.map((row) => row[name] ?? '').filter((value) => value !== '').map(Number);
        return present.length === 0 ? null : mean(present);
      };
      return { pathname: path, event_count: of.length, lcp_avg: avg('lcp'), inp_avg: avg('inp'), cls_avg: avg('cls'), ttfb_avg: avg('ttfb') };
    });
    expect(byPage.data.map((row) => ({ pathname: row.pathname, event_count: row.event_count, lcp_avg: row.lcp_avg, inp_avg: row.inp_avg, cls_avg: row.cls_avg, ttfb_avg: row.ttfb_avg })))
      .toEqual(expect.arrayContaining(expected));
    expect(byPage.data).toHaveLength(expected.length);

    const events = (await get(site, '/events/names')) as Array<{ eventName: string; count: number }>;
    expect(events).toEqual([{ eventName: 'signup', count: ofType('2').length }]);

    const listed = (await call(t.app, key, { method: 'GET', url: `/api/sites/${site}/imports` })).json() as { data: Array<{ importId: string; skipped: unknown }> };
    expect(listed.data).toEqual([expect.objectContaining({ importId, skipped: { unsupported_event_type: 1 } })]);
  });

  it('Simple Analytics: a page views export without datapoint imports as page views, with its utm columns and ref= as the source', async () => {
    const rows = fileRows('simple-analytics-pageviews.csv');
    expect(Object.keys(rows[0] ?? {})).not.toContain('datapoint');
    const site = (await createSite(t.app, owner, org, { domain: 'shop.example.org' })).siteId;
    const { total } = await importOverHttp(t.app, key, site, 'simple_analytics', 'simple-analytics-pageviews.csv', 2);
    expect(total).toEqual({ importedEvents: rows.length, skippedEvents: 0, skipped: {} });

    const values = await reportValues(t.app, key, site, range);
    expect(values.overview).toMatchObject({ pageviews: rows.length, sessions: new Set(rows.map((row) => row.session_id)).size });

    // Simple Analytics' definition: utm_source comes from ref= or utm_source; the export's column when it has it.
    const sourceOf = (row: Record<string, string>) => row.utm_source || new URLSearchParams(row.query).get('utm_source') || new URLSearchParams(row.query).get('ref') || '';
    const landings = rows.filter((row) => !(row.document_referrer ?? "").includes('shop.example.org'));
    const sessionsBySource = new Map<string, number>();
    for (const row of landings) sessionsBySource.set(sourceOf(row), (sessionsBySource.get(sourceOf(row)) ?? 0) + 1);
    expect(sessionsBySource).toEqual(new Map([['producthunt', 2], ['newsletter', 1], ['', 1]]));
    const utm = (await get(site, '/metric?parameter=utm_source')) as { data: Array<{ value: string; count: number }> };
    const byValue = (a: [string, number], b: [string, number]) => a[0].localeCompare(b[0]);
    expect(utm.data.map((entry): [string, number] => [entry.value, entry.count]).sort(byValue)).toEqual([...sessionsBySource.entries()].sort(byValue));

    const channels = (await get(site, '/metric?parameter=channel')) as { data: Array<{ value: string; count: number }> };
    const direct = landings.filter((row) => sourceOf(row) === '' && row.document_referrer === '').length;
    expect(direct).toBe(1);
    expect(channels.data.find((entry) => entry.value === 'Direct')?.count).toBe(direct);
    expect(channels.data.reduce((sum, entry) => sum + entry.count, 0)).toBe(landings.length);
  });

  it('Simple Analytics: the events export still reads datapoint as the event name', async () => {
    const site = (await createSite(t.app, owner, org, { domain: 'events.example.org' })).siteId;
    const { total } = await importOverHttp(t.app, key, site, 'simple_analytics', 'simple-analytics.csv', 2);
    const rows = fileRows('simple-analytics.csv');
    expect(total.importedEvents).toBe(rows.length);
    const events = (await get(site, '/events/names')) as Array<{ eventName: string; count: number }>;
    const named = rows.filter((row) => row.datapoint !== 'pageview');
    expect(events.map((entry) => [entry.eventName, entry.count])).toEqual([...new Set(named.map((row) => row.datapoint))].map((name) => [name, named.filter((row) => row.datapoint === name).length]));
  });
});
