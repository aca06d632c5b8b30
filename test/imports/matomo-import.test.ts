// Matomo's visit log as its Live API answers it (Live.getLastVisitsDetails, format=JSON: one array of visits,
// slashes escaped as PHP writes them) imported over HTTP; every expected figure is counted from the file.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.js';
import { fixture, importOverHttp, reportValues } from './import-reports.js';
import { countBy, importSite } from './import-site.js';

interface MatomoAction { type: string; url: string; eventAction?: string }
interface MatomoVisit {
  idVisit: string;
  visitorId: string;
  countryCode: string;
  regionCode: string;
  deviceType: string;
  referrerUrl: string;
  campaignSource: string;
  actionDetails: MatomoAction[];
}

const visits = JSON.parse(readFileSync(fixture('matomo-visits.json'), 'utf8')) as MatomoVisit[];
const range = 'start_date=2026-03-01&end_date=2026-03-05&time_zone=UTC';

describe('Matomo visit log import', () => {
  let t: TestApp;
  let key: { key: string };
  let site: number;
  let get: (path: string) => Promise<unknown>;

  beforeAll(async () => {
    ({ t, key, site, get } = await importSite('matomo', 'shop.example.com', range));
  }, 60_000);
  afterAll(async () => t.close());

  it('maps each visit\'s pageviews, events, outlinks and downloads, its campaign, referrer, device and geo as the file holds them', async () => {
    const actions = visits.flatMap((visit) => visit.actionDetails);
    const pageviews = actions.filter((action) => action.type === 'action');
    const custom = actions.filter((action) => ['event', 'outlink', 'download'].includes(action.type));
    const unsupported = actions.length - pageviews.length - custom.length;
    const { total } = await importOverHttp(t.app, key, site, 'matomo', 'matomo-visits.json', 4);
    expect(total).toEqual({ importedEvents: pageviews.length + custom.length, skippedEvents: unsupported, skipped: { unsupported_event_type: unsupported } });

    const withActions = visits.filter((visit) => visit.actionDetails.length > 0);
    const values = await reportValues(t.app, key, site, range);
    expect(values.overview).toMatchObject({ pageviews: pageviews.length, sessions: withActions.length, users: new Set(withActions.map((visit) => visit.visitorId)).size });
    expect(Object.fromEntries(values.pages.map(([path, , views]) => [path, views]))).toEqual(countBy(pageviews, (action) => new URL(action.url).pathname));

    const names = (await get('/events/names')) as Array<{ eventName: string; count: number }>;
    const nameOf = (action: MatomoAction) => (action.type === 'event' ? (action.eventAction ?? '') : action.type === 'outlink' ? 'Outlink' : 'Download');
    expect(Object.fromEntries(names.map((entry) => [entry.eventName, entry.count]))).toEqual(countBy(custom, nameOf));

    const metric = async (parameter: string) => Object.fromEntries(((await get(`/metric?parameter=${parameter}`)) as { data: Array<{ value: string; count: number }> }).data.map((entry) => [entry.value, entry.count]));
    expect(await metric('country')).toEqual(countBy(withActions, (visit) => visit.countryCode.toUpperCase()));
    expect(await metric('region')).toEqual(countBy(withActions, (visit) => `${visit.countryCode.toUpperCase()}-${visit.regionCode}`));
    expect(await metric('device_type')).toEqual(countBy(withActions, (visit) => (visit.deviceType === 'Smartphone' ? 'Mobile' : visit.deviceType)));
    expect(await metric('utm_source')).toEqual(countBy(withActions, (visit) => visit.campaignSource));
    expect(Object.fromEntries(values.sources)).toEqual(countBy(withActions, (visit) => (visit.referrerUrl === '' ? '' : new URL(visit.referrerUrl).hostname.replace(/^www\./, ''))));
  });
});
