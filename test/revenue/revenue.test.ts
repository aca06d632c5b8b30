// Revenue over HTTP: what POST /api/track accepts and stores, and every report's sums to the cent across
// currencies (converted with the operator's rates into the site's reporting currency) and filters.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../helpers/analytics-rows.js';
import { call, type Credential } from '../helpers/auth-client.js';
import { frozenClock } from '../helpers/frozen-clock.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { browserHeaders, track } from '../helpers/track-client.js';
import { addSite, createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';

const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';
const ORIGIN = 'https://shop.example.com';
const filters = (value: unknown) => `filters=${encodeURIComponent(JSON.stringify(value))}`;

/** Sessions S1..S5 of the report tests (S5 out of range). */
function shopSessions(): Parameters<typeof seedEvents>[2] {
  const purchase = (at: string, session: number, amount: string, currency: string, extra: Record<string, unknown>) => ({
    at, session_id: session, type: 'custom_event', event_name: 'purchase', revenue_amount: amount, revenue_currency: currency, ...extra,
  });
  const s1 = { channel: 'Organic Search', referrer: 'https://www.google.com/', country: 'DE' };
  const s2 = { channel: 'Direct', country: 'US' };
  const s3 = { channel: 'Email', utm_source: 'newsletter', country: 'JP' };
  const s4 = { channel: 'Direct', country: 'DE' };
  return [
    // S1: the pricing page, then two purchases in EUR (19.99 and 0.01).
    { at: '2026-03-10T10:00:00Z', session_id: 1, pathname: '/pricing', ...s1 },
    purchase('2026-03-10T10:05:00Z', 1, '19.99', 'EUR', { pathname: '/checkout/done', ...s1 }),
    purchase('2026-03-10T10:06:00Z', 1, '0.01', 'EUR', { pathname: '/checkout/done', ...s1 }),
    // S2: a purchase in USD, the pricing page only afterwards (so not through the funnel).
    { at: '2026-03-10T11:00:00Z', session_id: 2, pathname: '/', ...s2 },
    purchase('2026-03-10T11:01:00Z', 2, '25', 'USD', { pathname: '/checkout/done', ...s2 }),
    { at: '2026-03-10T11:05:00Z', session_id: 2, pathname: '/pricing', ...s2 },
    // S3: a purchase in JPY and a donation in GBP.
    { at: '2026-03-11T09:00:00Z', session_id: 3, pathname: '/jp', ...s3 },
    purchase('2026-03-11T09:01:00Z', 3, '1200', 'JPY', { pathname: '/jp/checkout', ...s3 }),
    { at: '2026-03-11T09:02:00Z', session_id: 3, type: 'custom_event', event_name: 'donation', revenue_amount: '5.55', revenue_currency: 'GBP', pathname: '/donate', ...s3 },
    // S4: a purchase without revenue (a conversion all the same).
    { at: '2026-03-11T10:00:00Z', session_id: 4, pathname: '/pricing', ...s4 },
    { at: '2026-03-11T10:01:00Z', session_id: 4, type: 'custom_event', event_name: 'purchase', pathname: '/checkout/done', ...s4 },
    // S5: out of range.
    purchase('2026-02-01T10:00:00Z', 5, '100', 'EUR', { pathname: '/checkout/done', channel: 'Direct' }),
  ];
}

describe('revenue', () => {
  const clock = frozenClock('2026-03-20T12:00:00.000Z');
  const ratesDir = mkdtempSync(join(tmpdir(), 'loupe-rates-'));
  let t: TestApp;
  let f: TrackingFixture;
  let owner: Credential;
  let shop: number;
  let plain: number;
  const goalIds: Record<string, number> = {};

  beforeAll(async () => {
    const ratesFile = join(ratesDir, 'rates.json');
    // One EUR is worth 1.25 USD, 0.8 GBP, 160 JPY.
    writeFileSync(ratesFile, JSON.stringify({ base: 'EUR', rates: { USD: '1.25', GBP: 0.8, JPY: '160' } }));
    t = await createTestApp({ clock: clock.now, env: { CURRENCY_RATES_FILE: ratesFile } });
    f = await createTrackingFixture(t.app, 'revenue', 'shop.example.com', { reportingCurrency: 'eur' });
    owner = { cookie: f.owner.cookie };
    shop = f.site.siteId;
    plain = (await addSite(t.app, f, 'plain.example.com')).siteId;
    await seedEvents(t, shop, shopSessions());
    await seedEvents(t, plain, shopSessions());
    for (const [name, config] of [['purchase', { eventName: 'purchase' }], ['donation', { eventName: 'donation' }]] as const) {
      for (const siteId of [shop, plain]) {
        const res = await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/goals`, payload: { name, goalType: 'event', config } });
        expect(res.statusCode).toBe(200);
        if (siteId === shop) goalIds[name] = res.json().goalId;
      }
    }
    const pricing = await call(t.app, owner, { method: 'POST', url: `/api/sites/${shop}/goals`, payload: { name: 'pricing', goalType: 'path', config: { pathPattern: '/pricing' } } });
    goalIds.pricing = pricing.json().goalId;
  });
  afterAll(async () => {
    await t.close();
    rmSync(ratesDir, { recursive: true, force: true });
  });

  const get = (siteId: number, url: string) => call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}${url}` });

  describe('tracking', () => {
    it('stores the amount as an exact decimal with its ISO currency (upper-cased)', async () => {
      const sent = [
        { amount: 19.99, currency: 'eur', pathname: '/a' },
        { amount: '1234.5678', currency: 'BHD', pathname: '/b' },
        { amount: '-5.00', currency: 'USD', pathname: '/refund' },
        { amount: 0.1, currency: 'JPY', pathname: '/c' },
      ];
      for (const { amount, currency, pathname } of sent) {
        const res = await track(t.app, { site_id: f.site.id, type: 'custom_event', event_name: 'purchase', pathname, revenue: { amount, currency } }, { headers: browserHeaders({ origin: ORIGIN }) });
        expect(res.statusCode).toBe(200);
      }
      const stored = await rows<{ pathname: string; amount: string; currency: string; type: string }>(
        t,
        `SELECT pathname, toString(revenue_amount) AS amount, revenue_currency AS currency, toTypeName(revenue_amount) AS type
         FROM action_events WHERE site_id = {site:UInt32} AND timestamp >= '2026-03-20 00:00:00' ORDER BY pathname`,
        { site: shop },
      );
      expect(stored).toEqual([
        { pathname: '/a', amount: '19.99', currency: 'EUR', type: 'Decimal(18, 4)' },
        { pathname: '/b', amount: '1234.5678', currency: 'BHD', type: 'Decimal(18, 4)' },
        { pathname: '/c', amount: '0.1', currency: 'JPY', type: 'Decimal(18, 4)' },
        { pathname: '/refund', amount: '-5', currency: 'USD', type: 'Decimal(18, 4)' },
      ]);
    });

    it.each([
      ['on a pageview', { revenue: { amount: 1, currency: 'EUR' } }, 'revenue', 'Only custom events carry revenue'],
      ['an unknown currency', { type: 'custom_event', event_name: 'x', revenue: { amount: 1, currency: 'XYZ' } }, 'revenue', 'ISO 4217'],
      ['a currency name', { type: 'custom_event', event_name: 'x', revenue: { amount: 1, currency: 'Euro' } }, 'revenue', 'ISO 4217'],
      ['five places', { type: 'custom_event', event_name: 'x', revenue: { amount: '1.23456', currency: 'EUR' } }, 'revenue', 'decimal amount'],
      ['an exponent', { type: 'custom_event', event_name: 'x', revenue: { amount: 1e21, currency: 'EUR' } }, 'revenue', 'decimal amount'],
      ['a float artefact', { type: 'custom_event', event_name: 'x', revenue: { amount: 0.1 + 0.2, currency: 'EUR' } }, 'revenue', 'decimal amount'],
      ['no currency', { type: 'custom_event', event_name: 'x', revenue: { amount: 1 } }, 'revenue', ''],
      ['an extra key', { type: 'custom_event', event_name: 'x', revenue: { amount: 1, currency: 'EUR', tax: 1 } }, 'tax', 'Unrecognized'],
      ['a number as revenue', { type: 'custom_event', event_name: 'x', revenue: 12 }, 'revenue', ''],
    ])('answers 400 for revenue %s', async (_label, fields, field, message) => {
      const res = await track(t.app, { site_id: f.site.id, pathname: '/bad', ...fields }, { headers: browserHeaders({ origin: ORIGIN }) });
      expect(res.statusCode).toBe(400);
      const text = JSON.stringify(res.json());
      expect(text).toContain(field);
      expect(text).toContain(message);
    });
  });

  describe('goals', () => {
    it('totals each goal per currency, converted into the reporting currency, with the average per conversion', async () => {
      const res = await get(shop, `/goals?${RANGE}`);
      expect(res.statusCode).toBe(200);
      const byName = Object.fromEntries(res.json().data.map((goal: { name: string; total_conversions: number; revenue: unknown }) => [goal.name, [goal.total_conversions, goal.revenue]]));
      // EUR 20.00 + USD 25 / 1.25 = 20.00 + JPY 1200 / 160 = 7.50 -> 47.50 over 4 converted sessions -> 11.875 -> 11.88.
      expect(byName.purchase).toEqual([4, {
        currency: 'EUR', total: '47.50', average: '11.88', events: 4,
        by_currency: [{ currency: 'EUR', total: '20.00', events: 2 }, { currency: 'JPY', total: '1200', events: 1 }, { currency: 'USD', total: '25.00', events: 1 }],
      }]);
      // GBP 5.55 / 0.8 = 6.9375 -> 6.94.
      expect(byName.donation).toEqual([1, { currency: 'EUR', total: '6.94', average: '6.94', events: 1, by_currency: [{ currency: 'GBP', total: '5.55', events: 1 }] }]);
      expect(byName.pricing).toEqual([3, { currency: 'EUR', total: '0.00', average: '0.00', events: 0, by_currency: [] }]);
    });

    it('applies the filters to the revenue as to the conversions', async () => {
      const res = await get(shop, `/goals?${RANGE}&${filters([{ parameter: 'country', type: 'equals', value: ['DE'] }])}`);
      const purchase = res.json().data.find((goal: { name: string }) => goal.name === 'purchase');
      expect([purchase.total_conversions, purchase.revenue]).toEqual([2, {
        currency: 'EUR', total: '20.00', average: '10.00', events: 2, by_currency: [{ currency: 'EUR', total: '20.00', events: 2 }],
      }]);
      const pages = await get(shop, `/goals?${RANGE}&${filters([{ parameter: 'pathname', type: 'equals', value: ['/jp/checkout'] }])}`);
      expect(pages.json().data.find((goal: { name: string }) => goal.name === 'purchase').revenue).toMatchObject({ currency: 'EUR', total: '7.50', events: 1 });
    });

    it('without a reporting currency gives a total only where one currency is present', async () => {
      const res = await get(plain, `/goals?${RANGE}`);
      const byName = Object.fromEntries(res.json().data.map((goal: { name: string; revenue: unknown }) => [goal.name, goal.revenue]));
      expect(byName.purchase).toMatchObject({ currency: null, total: null, average: null, events: 4 });
      expect(byName.donation).toMatchObject({ currency: 'GBP', total: '5.55', average: '5.55', events: 1 });
    });
  });

  describe('/revenue', () => {
    it('sums all revenue in range', async () => {
      const res = await get(shop, `/revenue?${RANGE}`);
      expect(res.statusCode).toBe(200);
      // 47.50 + 6.9375 = 54.4375 -> 54.44 over 3 paying sessions -> 18.1458 -> 18.15.
      expect(res.json()).toEqual({ data: {
        currency: 'EUR', total: '54.44', average: '18.15', events: 5, sessions: 3,
        by_currency: [
          { currency: 'EUR', total: '20.00', events: 2 },
          { currency: 'GBP', total: '5.55', events: 1 },
          { currency: 'JPY', total: '1200', events: 1 },
          { currency: 'USD', total: '25.00', events: 1 },
        ],
      } });
    });

    it('narrows to an event name and to a period', async () => {
      const donation = await get(shop, `/revenue?${RANGE}&${filters([{ parameter: 'event_name', type: 'equals', value: ['donation'] }])}`);
      // event_name selects sessions: S3's purchase (JPY) counts beside its donation.
      expect(donation.json().data).toMatchObject({ total: '14.44', events: 2, sessions: 1 });
      const february = await get(shop, '/revenue?start_date=2026-02-01&end_date=2026-02-28');
      expect(february.json().data).toMatchObject({ currency: 'EUR', total: '100.00', average: '100.00', events: 1, sessions: 1 });
    });

    it('breaks revenue down by the session source', async () => {
      const res = await get(shop, `/revenue/breakdown?${RANGE}&parameter=channel`);
      expect(res.statusCode).toBe(200);
      const body = res.json().data;
      expect(body.totalCount).toBe(3);
      expect(body.data.map((row: { value: string; sessions: number; revenue: { total: string; average: string; events: number } }) =>
        [row.value, row.sessions, row.revenue.total, row.revenue.average, row.revenue.events])).toEqual([
        ['Organic Search', 1, '20.00', '20.00', 2],
        ['Direct', 1, '20.00', '20.00', 1],
        ['Email', 1, '14.44', '14.44', 2],
      ]);
      const sources = await get(shop, `/revenue/breakdown?${RANGE}&parameter=utm_source`);
      expect(sources.json().data.data.map((row: { value: string; revenue: { total: string } }) => [row.value, row.revenue.total])).toEqual([['', '40.00'], ['newsletter', '14.44']]);
    });

    it('breaks revenue down by the page it happened on, paged', async () => {
      const res = await get(shop, `/revenue/breakdown?${RANGE}&parameter=pathname&limit=2`);
      const body = res.json().data;
      expect(body.totalCount).toBe(3);
      expect(body.data.map((row: { value: string; sessions: number; revenue: { total: string; by_currency: unknown[] } }) => [row.value, row.sessions, row.revenue.total, row.revenue.by_currency.length])).toEqual([
        ['/checkout/done', 2, '40.00', 2],
        ['/jp/checkout', 1, '7.50', 1],
      ]);
      const second = await get(shop, `/revenue/breakdown?${RANGE}&parameter=pathname&limit=2&page=2`);
      expect(second.json().data.data).toEqual([{ value: '/donate', sessions: 1, revenue: { currency: 'EUR', total: '6.94', average: '6.94', events: 1, by_currency: [{ currency: 'GBP', total: '5.55', events: 1 }] } }]);
    });

    it.each([['user_id'], ['exit_page'], ['nonsense'], ['']])('answers 400 for parameter=%j', async (parameter) => {
      const res = await get(shop, `/revenue/breakdown?${RANGE}&parameter=${parameter}`);
      expect(res.statusCode).toBe(400);
    });
  });

  describe('funnels', () => {
    it('carries the revenue of the sessions that completed the funnel at its last step', async () => {
      const res = await call(t.app, owner, {
        method: 'POST',
        url: `/api/sites/${shop}/funnels/analyze?${RANGE}`,
        payload: { steps: [{ type: 'page', value: '/pricing' }, { type: 'event', value: 'purchase' }] },
      });
      expect(res.statusCode).toBe(200);
      const [first, last] = res.json().data;
      expect(first.revenue).toBeUndefined();
      // S1 (pricing, then 19.99 + 0.01 EUR) and S4 (pricing, then a purchase without revenue) complete; S2 bought before pricing.
      expect(last).toMatchObject({ step_number: 2, sessions: 2 });
      expect(last.revenue).toEqual({ currency: 'EUR', total: '20.00', average: '10.00', events: 2, by_currency: [{ currency: 'EUR', total: '20.00', events: 2 }] });
    });

    it('has no revenue when the last step is a page', async () => {
      const res = await call(t.app, owner, {
        method: 'POST',
        url: `/api/sites/${shop}/funnels/analyze?${RANGE}`,
        payload: { steps: [{ type: 'event', value: 'purchase' }, { type: 'page', value: '/pricing' }] },
      });
      expect(res.json().data.map((step: { revenue?: unknown }) => step.revenue)).toEqual([undefined, undefined]);
    });
  });

  describe('MCP', () => {
    it('get_revenue answers the totals, and a breakdown with a parameter', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      const rpc = async (args: Record<string, unknown>): Promise<unknown> => {
        const response = await fetch(`http://127.0.0.1:${port}/api/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${f.key}` },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_revenue', arguments: { siteId: shop, start_date: '2026-03-01', end_date: '2026-03-15', ...args } } }),
        });
        const body = (await response.json()) as { result: { content: Array<{ text: string }> } };
        return JSON.parse(body.result.content[0]?.text ?? 'null');
      };
      expect(await rpc({})).toMatchObject({ data: { currency: 'EUR', total: '54.44', average: '18.15', events: 5, sessions: 3 } });
      const breakdown = (await rpc({ parameter: 'channel', limit: 1 })) as { data: { data: Array<{ value: string; revenue: { total: string } }>; totalCount: number } };
      expect([breakdown.data.totalCount, breakdown.data.data.map((row) => [row.value, row.revenue.total])]).toEqual([3, [['Organic Search', '20.00']]]);
    });
  });

  describe('site setting', () => {
    it('refuses a reporting currency that is not ISO 4217', async () => {
      const res = await call(t.app, owner, { method: 'PUT', url: `/api/sites/${plain}/config`, payload: { reportingCurrency: 'EURO' } });
      expect(res.statusCode).toBe(400);
      const ok = await call(t.app, owner, { method: 'PUT', url: `/api/sites/${plain}/config`, payload: { reportingCurrency: 'usd' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().reportingCurrency).toBe('USD');
      const goals = await get(plain, `/goals?${RANGE}`);
      // EUR 20 * 1.25 = 25 + USD 25 + JPY 1200 / 160 * 1.25 = 9.375 -> 59.375 -> 59.38.
      expect(goals.json().data.find((goal: { name: string }) => goal.name === 'purchase').revenue).toMatchObject({ currency: 'USD', total: '59.38' });
    });
  });
});
