// PostHog's events export (its batch export's events model as JSON lines) imported over HTTP; every expected
// figure is counted from the file itself.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.js';
import { fixture, importOverHttp, reportValues } from './import-reports.js';
import { countBy, importSite } from './import-site.js';

interface PostHogEvent {
  event: string;
  person_id: string;
  properties: Record<string, string | number>;
}

const events = readFileSync(fixture('posthog-events.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as PostHogEvent);
const range = 'start_date=2026-03-01&end_date=2026-03-05&time_zone=UTC';

describe('PostHog events export import', () => {
  let t: TestApp;
  let key: { key: string };
  let site: number;
  let get: (path: string) => Promise<unknown>;

  beforeAll(async () => {
    ({ t, key, site, get } = await importSite('posthog', 'app.example.io', range));
  }, 60_000);
  afterAll(async () => t.close());

  it('maps pageviews, sessions, custom events with their own properties, UTM, referrer, device and geo as the file holds them', async () => {
    const pageviews = events.filter((event) => event.event === '$pageview');
    const automatic = events.filter((event) => event.event.startsWith('$') && event.event !== '$pageview');
    const custom = events.filter((event) => !event.event.startsWith('$'));
    const { total } = await importOverHttp(t.app, key, site, 'posthog', 'posthog-events.jsonl', 3);
    expect(total).toEqual({ importedEvents: pageviews.length + custom.length, skippedEvents: automatic.length, skipped: { automatic_event: automatic.length } });

    const sessions = new Set(events.map((event) => event.properties.$session_id));
    const values = await reportValues(t.app, key, site, range);
    expect(values.overview).toMatchObject({ pageviews: pageviews.length, sessions: sessions.size, users: new Set(events.map((event) => event.person_id)).size });
    expect(Object.fromEntries(values.pages.map(([path, , views]) => [path, views]))).toEqual(countBy(pageviews, (event) => String(event.properties.$pathname)));

    const names = (await get('/events/names')) as Array<{ eventName: string; count: number }>;
    expect(Object.fromEntries(names.map((entry) => [entry.eventName, entry.count]))).toEqual(countBy(custom, (event) => event.event));
    const props = (await get('/events/properties?event_name=signed_up')) as Array<{ propertyKey: string; propertyValue: string; count: number }>;
    expect(props.map((entry) => [entry.propertyKey, entry.propertyValue, entry.count]).sort()).toEqual([['plan', 'pro', 1], ['seats', '3', 1]]);

    // Sessions per first page's referrer and UTM source, per country, region and device, each counted from the first event of its session.
    const firsts = [...sessions].map((id) => events.find((event) => event.properties.$session_id === id) as PostHogEvent);
    const referrerHost = (event: PostHogEvent) => (event.properties.$referrer === '$direct' ? '' : new URL(String(event.properties.$referrer)).hostname.replace(/^www\./, ''));
    expect(Object.fromEntries(values.sources)).toEqual(countBy(firsts, referrerHost));
    const metric = async (parameter: string) => Object.fromEntries(((await get(`/metric?parameter=${parameter}`)) as { data: Array<{ value: string; count: number }> }).data.map((entry) => [entry.value, entry.count]));
    expect(await metric('utm_source')).toEqual(countBy(firsts, (event) => String(event.properties.utm_source ?? '')));
    expect(await metric('country')).toEqual(countBy(firsts, (event) => String(event.properties.$geoip_country_code)));
    expect(await metric('region')).toEqual(countBy(firsts, (event) => `${event.properties.$geoip_country_code}-${event.properties.$geoip_subdivision_1_code}`));
    expect(await metric('device_type')).toEqual(countBy(firsts, (event) => String(event.properties.$device_type)));
  });
});
