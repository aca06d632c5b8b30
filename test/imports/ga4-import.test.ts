// Google Analytics 4's BigQuery export (events_* rows as newline-delimited JSON, INT64 as strings, records
// nested, absent values null) imported over HTTP; every expected figure is counted from the file itself.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.js';
import { fixture, importOverHttp, reportValues } from './import-reports.js';
import { importSite } from './import-site.js';

interface Ga4Event {
  event_name: string;
  event_params: Array<{ key: string; value: { string_value: string | null; int_value: string | null } }>;
  user_pseudo_id: string;
  user_id: string | null;
  geo: { country: string; city: string };
  device: { category: string; web_info: { browser: string } };
}

const events = readFileSync(fixture('ga4-events.ndjson'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Ga4Event);
const param = (event: Ga4Event, key: string) => {
  const value = event.event_params.find((entry) => entry.key === key)?.value;
  return value?.string_value ?? value?.int_value ?? '';
};
const range = 'start_date=2026-03-01&end_date=2026-03-05&time_zone=UTC';
const BOOKKEEPING = ['session_start', 'first_visit', 'user_engagement'];

describe('GA4 BigQuery export import', () => {
  let t: TestApp;
  let key: { key: string };
  let site: number;
  let get: (path: string) => Promise<unknown>;

  beforeAll(async () => {
    ({ t, key, site, get } = await importSite('ga4', 'www.example.net', range));
  }, 60_000);
  afterAll(async () => t.close());

  it('maps pageviews, sessions, custom events with their parameters, campaign, geo and device as the file holds them', async () => {
    const pageviews = events.filter((event) => event.event_name === 'page_view');
    const bookkeeping = events.filter((event) => BOOKKEEPING.includes(event.event_name));
    const custom = events.filter((event) => event.event_name !== 'page_view' && !BOOKKEEPING.includes(event.event_name));
    const { total } = await importOverHttp(t.app, key, site, 'ga4', 'ga4-events.ndjson', 4);
    expect(total).toEqual({ importedEvents: pageviews.length + custom.length, skippedEvents: bookkeeping.length, skipped: { automatic_event: bookkeeping.length } });

    const sessions = new Set(events.map((event) => `${event.user_pseudo_id}.${param(event, 'ga_session_id')}`));
    const values = await reportValues(t.app, key, site, range);
    expect(values.overview).toMatchObject({ pageviews: pageviews.length, sessions: sessions.size, users: new Set(events.map((event) => event.user_pseudo_id)).size });
    const pathOf = (event: Ga4Event) => new URL(param(event, 'page_location')).pathname;
    const pageCounts = new Map<string, number>();
    for (const event of pageviews) pageCounts.set(pathOf(event), (pageCounts.get(pathOf(event)) ?? 0) + 1);
    expect(Object.fromEntries(values.pages.map(([path, , views]) => [path, views]))).toEqual(Object.fromEntries(pageCounts));

    const names = (await get('/events/names')) as Array<{ eventName: string; count: number }>;
    const customCounts = new Map<string, number>();
    for (const event of custom) customCounts.set(event.event_name, (customCounts.get(event.event_name) ?? 0) + 1);
    expect(Object.fromEntries(names.map((entry) => [entry.eventName, entry.count]))).toEqual(Object.fromEntries(customCounts));
    const signUpProps = (await get('/events/properties?event_name=sign_up')) as Array<{ propertyKey: string; propertyValue: string; count: number }>;
    expect(signUpProps).toEqual([expect.objectContaining({ propertyKey: 'method', propertyValue: param(custom.find((event) => event.event_name === 'sign_up') as Ga4Event, 'method'), count: 1 })]);

    const countries = (await get('/metric?parameter=country')) as { data: Array<{ value: string; count: number }> };
    expect(Object.fromEntries(countries.data.map((entry) => [entry.value, entry.count]))).toEqual({ US: 2, DE: 1 });
    const utm = (await get('/metric?parameter=utm_source')) as { data: Array<{ value: string; count: number }> };
    expect(utm.data.find((entry) => entry.value === 'newsletter')?.count).toBe(1);
    const devices = (await get('/metric?parameter=device_type')) as { data: Array<{ value: string; count: number }> };
    expect(Object.fromEntries(devices.data.map((entry) => [entry.value, entry.count]))).toEqual({ Desktop: 2, Mobile: 1 });
    const browsers = (await get('/metric?parameter=browser')) as { data: Array<{ value: string; count: number }> };
    expect(Object.fromEntries(browsers.data.map((entry) => [entry.value, entry.count]))).toEqual({ Chrome: 2, Safari: 1 });
    const referrers = Object.fromEntries(values.sources);
    expect(referrers).toMatchObject({ 'google.com': 1, 'news.ycombinator.com': 1 });
  });
});
