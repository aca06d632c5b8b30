// The benchmark's traffic must be what a real site sends: valid payloads, browser headers that pass bot
// detection (and crawler headers that do not), public forwarded addresses, visits in page order.
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { createBotDetectorDeps, detectBot } from '../../src/classifiers/bots/bot-detector.js';
import { clientIp } from '../../src/ingestion/request/client-ip.js';
import { trustFunction } from '../../src/platform/http/proxy-trust.js';
import { validateTrackPayload } from '../../src/ingestion/validate-track-payload.js';
import { loadBenchData } from './bench-data.js';
import { MAX_VISIT_EVENTS, TrafficModel, browserHeaders, createRequestFactory, type TrackRequestParts } from './payloads.js';

const SITE = 'c8f612ad16c6';

function collect(seed: number, visits: number): TrackRequestParts[][] {
  const next = createRequestFactory(SITE, seed);
  const all: TrackRequestParts[][] = [];
  for (let i = 0; i < visits; i += 1) {
    const visit = {};
    const events: TrackRequestParts[] = [];
    for (let parts = next(visit); parts !== undefined; parts = next(visit)) events.push(parts);
    all.push(events);
  }
  return all;
}

const visits = collect(7, 400);
const requests = visits.flat();
const bodies = requests.map((parts) => JSON.parse(parts.body) as Record<string, unknown>);

describe('benchmark traffic', () => {
  it('every body passes the /api/track schema for the benchmark site', () => {
    const problems = bodies.map((body) => validateTrackPayload(body)).filter((result) => !result.ok);
    expect(problems).toEqual([]);
    expect(new Set(bodies.map((body) => body.site_id))).toEqual(new Set([SITE]));
  });

  it('visits last 1 to MAX_VISIT_EVENTS events and open with a pageview', () => {
    expect(Math.min(...visits.map((visit) => visit.length))).toBe(1);
    expect(Math.max(...visits.map((visit) => visit.length))).toBeLessThanOrEqual(MAX_VISIT_EVENTS);
    expect(visits.every((visit) => (JSON.parse(visit[0]?.body ?? '{}') as { type?: string }).type === 'pageview')).toBe(true);
  });

  it('mixes pageviews with custom events and varies pages, referrers, screens and languages', () => {
    const types = new Set(bodies.map((body) => body.type));
    expect(types).toEqual(new Set(['pageview', 'custom_event']));
    expect(new Set(bodies.map((body) => body.pathname)).size).toBeGreaterThan(15);
    expect(new Set(bodies.map((body) => body.referrer)).size).toBeGreaterThan(15);
    expect(new Set(bodies.map((body) => body.screenWidth)).size).toBeGreaterThan(10);
    expect(new Set(bodies.map((body) => body.language)).size).toBeGreaterThan(10);
    expect(bodies.some((body) => String(body.querystring ?? '').includes('utm_campaign='))).toBe(true);
    expect(new Set(requests.map((parts) => parts.headers['user-agent'])).size).toBeGreaterThanOrEqual(18);
  });

  it('a later pageview of a visit names the previous page as its referrer', () => {
    const visit = visits.find((events) => events.filter((parts) => parts.body.includes('"pageview"')).length >= 3) ?? [];
    const pageviews = visit.map((parts) => JSON.parse(parts.body) as Record<string, string>).filter((body) => body.type === 'pageview');
    for (let i = 1; i < pageviews.length; i += 1) {
      expect(pageviews[i]?.referrer).toBe(`https://example.com${pageviews[i - 1]?.pathname ?? ''}`);
    }
  });

  it('the same seed gives the same traffic, another seed other traffic', () => {
    expect(collect(7, 50)).toEqual(visits.slice(0, 50));
    expect(collect(8, 50)).not.toEqual(visits.slice(0, 50));
  });

  it('X-Forwarded-For yields a public unicast client address behind a trusted proxy', () => {
    for (const parts of requests) {
      const ip = clientIp(parts.headers, '127.0.0.1', trustFunction({ hops: 1 }));
      expect(ip).not.toBe('');
      expect(ipaddr.parse(ip).range()).toBe('unicast');
    }
    expect(new Set(requests.map((parts) => parts.headers['x-forwarded-for'])).size).toBe(visits.length);
  });
});

describe('browser headers and bot detection', () => {
  const data = loadBenchData();
  const locale = data.locales[0];
  if (!locale) throw new Error('no locale');
  const rows = data.browsers.map((browser) => [browser.ua.slice(0, 60), browser] as const);

  it.each(rows)('%s is judged as the table says', (_name, browser) => {
    const headers = browserHeaders(browser, locale, { ip: '81.2.69.142', forwardedFor: '81.2.69.142' }, 'example.com');
    const verdict = detectBot(
      { userAgent: browser.ua, headers, ip: '81.2.69.142', recentHits: 1, clientScore: 0, clientSignals: 0 },
      createBotDetectorDeps(),
    );
    expect(verdict.isBot).toBe(browser.bot === true);
  });

  it('about one visitor in thirty is a crawler', () => {
    const model = new TrafficModel(SITE, 3);
    const sampled = Array.from({ length: 3000 }, () => model.newVisitor());
    const crawlers = sampled.filter((visitor) => visitor.browser.bot === true).length;
    expect(crawlers).toBeGreaterThan(45);
    expect(crawlers).toBeLessThan(150);
  });
});
