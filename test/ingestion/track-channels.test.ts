// Channel classification over HTTP: referrers, UTM tags and click ids of real browser events -> the stored channel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../helpers/analytics-rows.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { browserHeaders, track } from '../helpers/track-client.js';
import { createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';

/** [case, referrer, querystring, channel] for an event on www.example.com (names from catalogs/channel-sources.json). */
const CHANNEL_CASES: ReadonlyArray<readonly [string, string, string, string]> = [
  ['no referrer, no tags', '', '', 'Direct'],
  ['same-host referrer', 'https://www.example.com/pricing', '', 'Internal'],
  ['same-site subdomain referrer', 'https://blog.example.com/post', '', 'Internal'],
  ['Google organic', 'https://www.google.com/', '', 'Organic Search'],
  ['Google in another country', 'https://www.google.co.uk/', '', 'Organic Search'],
  ['DuckDuckGo', 'https://duckduckgo.com/', '', 'Organic Search'],
  ['gclid from Google', 'https://www.google.com/', '?gclid=Cj0KCQjw', 'Paid Search'],
  ['gclid without referrer', '', '?gclid=Cj0KCQjw', 'Paid Search'],
  ['utm google cpc', '', '?utm_source=google&utm_medium=cpc&utm_campaign=brand', 'Paid Search'],
  ['Facebook', 'https://m.facebook.com/', '', 'Organic Social'],
  ['fbclid only', '', '?fbclid=IwAR0', 'Organic Social'],
  ['utm facebook paid_social', '', '?utm_source=facebook&utm_medium=paid_social', 'Paid Social'],
  ['LinkedIn click id', '', '?li_fat_id=abc', 'Paid Social'],
  ['ChatGPT', 'https://chatgpt.com/', '', 'AI'],
  ['Gemini (AI before search)', 'https://gemini.google.com/app', '', 'AI'],
  ['Perplexity as utm_source', '', '?utm_source=perplexity.ai', 'AI'],
  ['paid AI', '', '?utm_source=chatgpt&utm_medium=cpc', 'Paid AI'],
  ['newsletter', '', '?utm_source=weekly&utm_medium=newsletter', 'Email'],
  ['webmail referrer', 'https://mail.google.com/', '', 'Email'],
  ['YouTube', 'https://www.youtube.com/watch?v=x', '', 'Organic Video'],
  ['affiliate medium', '', '?utm_source=partner&utm_medium=affiliate', 'Affiliate'],
  ['display medium', '', '?utm_source=network&utm_medium=banner', 'Display'],
  ['sms medium', '', '?utm_source=shop&utm_medium=sms', 'SMS'],
  ['push medium', '', '?utm_source=app&utm_medium=push', 'Push'],
  ['Google News', 'https://news.google.com/', '', 'News'],
  ['Spotify', 'https://open.spotify.com/', '', 'Audio'],
  ['Amazon', 'https://www.amazon.de/', '', 'Organic Shopping'],
  ['cross-network campaign', '', '?utm_source=google&utm_campaign=cross-network', 'Cross-Network'],
  ['Hacker News (listed as social)', 'https://news.ycombinator.com/item?id=1', '', 'Organic Social'],
  ['other website', 'https://developer.mozilla.org/en-US/docs/Web', '', 'Referral'],
  ['unknown utm_source, no referrer', '', '?utm_source=zz-unknown', 'Unknown'],
  ['internal referrer with a campaign tag', 'https://www.example.com/', '?utm_source=newsletter', 'Email'],
];

describe('channel classification', () => {
  let t: TestApp;
  let f: TrackingFixture;
  const statuses = new Map<string, number>();
  const pathOf = (label: string) => `/channel/${label.replaceAll(' ', '-')}`;

  beforeAll(async () => {
    t = await createTestApp();
    f = await createTrackingFixture(t.app, 'channels', 'example.com');
    const headers = browserHeaders({ origin: 'https://www.example.com' });
    await Promise.all(
      CHANNEL_CASES.map(async ([label, referrer, querystring]) => {
        const payload = { site_id: f.site.id, hostname: 'www.example.com', pathname: pathOf(label), referrer, querystring };
        statuses.set(label, (await track(t.app, payload, { headers })).statusCode);
      }),
    );
  });
  afterAll(async () => t.close());

  it.each(CHANNEL_CASES)('%s (referrer %j, query %j) -> %s', async (label, _referrer, _querystring, channel) => {
    expect(statuses.get(label)).toBe(200);
    const found = await rows(t, 'SELECT channel FROM events WHERE site_id = {site:UInt32} AND pathname = {path:String}', { site: f.site.siteId, path: pathOf(label) });
    expect(found).toEqual([{ channel }]);
  });
});
