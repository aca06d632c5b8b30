// Channel attribution for referrer, UTM and click-id combinations, against the shipped data tables.
import { describe, expect, it } from 'vitest';
import { classifyChannel, isSameSite, type Channel } from './channel-classifier.js';
import { parseUrlParameters } from '../url-parameters.js';

const HOST = 'shop.example.com';

/** [referrer, querystring, expected channel] on the site `shop.example.com`. */
const cases: Array<[string, string, Channel]> = [
  // no signal at all, and navigation inside the site
  ['', '', 'Direct'],
  ['', '?page=2&sort=price', 'Direct'],
  ['not a url', '', 'Direct'],
  ['https://shop.example.com/cart', '', 'Internal'],
  ['https://www.example.com/blog/post', '', 'Internal'],
  ['https://blog.example.com/', '?ref=nav', 'Internal'],
  // search engines, organic and paid
  ['https://www.google.com/', '', 'Organic Search'],
  ['https://www.google.co.uk/', '', 'Organic Search'],
  ['https://images.google.de/', '', 'Organic Search'],
  ['android-app://com.google.android.googlequicksearchbox/', '', 'Organic Search'],
  ['https://www.bing.com/search?q=x', '', 'Organic Search'],
  ['https://duckduckgo.com/', '', 'Organic Search'],
  ['https://uk.search.yahoo.com/', '', 'Organic Search'],
  ['https://yandex.ru/', '', 'Organic Search'],
  ['https://www.google.com/', '?gclid=abc', 'Paid Search'],
  ['', '?gclid=abc', 'Paid Search'],
  ['', '?gbraid=x', 'Paid Search'],
  ['', '?wbraid=x', 'Paid Search'],
  ['https://www.bing.com/', '?msclkid=1', 'Paid Search'],
  ['', '?utm_source=google&utm_medium=cpc', 'Paid Search'],
  ['', '?utm_source=Bing&utm_medium=PPC&utm_campaign=brand', 'Paid Search'],
  ['', '?utm_medium=paid_search', 'Paid Search'],
  ['', '?utm_source=google&utm_medium=organic', 'Organic Search'],
  // AI assistants come before search engines
  ['https://chatgpt.com/', '', 'AI'],
  ['https://chat.openai.com/', '', 'AI'],
  ['https://www.perplexity.ai/search/abc', '', 'AI'],
  ['https://claude.ai/chat/1', '', 'AI'],
  ['https://gemini.google.com/app', '', 'AI'],
  ['https://copilot.microsoft.com/', '', 'AI'],
  ['https://chat.deepseek.com/', '', 'AI'],
  ['https://chat.mistral.ai/chat', '', 'AI'],
  ['', '?utm_source=chatgpt.com', 'AI'],
  ['', '?utm_source=perplexity&utm_medium=cpc', 'Paid AI'],
  // social networks
  ['https://l.facebook.com/l.php', '', 'Organic Social'],
  ['https://t.co/abc', '', 'Organic Social'],
  ['https://www.linkedin.com/feed/', '', 'Organic Social'],
  ['https://news.ycombinator.com/item?id=1', '', 'Organic Social'],
  ['https://old.reddit.com/r/x', '', 'Organic Social'],
  ['https://www.pinterest.fr/pin/1', '', 'Organic Social'],
  ['', '?fbclid=IwAR0', 'Organic Social'],
  ['https://l.facebook.com/', '?fbclid=IwAR0', 'Organic Social'],
  ['', '?fbclid=IwAR0&utm_medium=paid', 'Paid Social'],
  ['', '?utm_source=facebook&utm_medium=cpc', 'Paid Social'],
  ['', '?utm_source=ig&utm_medium=social', 'Organic Social'],
  ['', '?utm_medium=social', 'Organic Social'],
  ['', '?utm_medium=paid_social&utm_source=whatever', 'Paid Social'],
  ['', '?ttclid=1', 'Paid Social'],
  ['', '?li_fat_id=1', 'Paid Social'],
  ['', '?twclid=1', 'Paid Social'],
  // video
  ['https://www.youtube.com/watch?v=1', '', 'Organic Video'],
  ['https://m.youtube.com/', '', 'Organic Video'],
  ['https://www.youtube.com/', '?gclid=abc', 'Paid Video'],
  ['', '?utm_source=youtube&utm_medium=cpv', 'Paid Video'],
  ['', '?utm_medium=video', 'Organic Video'],
  // shopping
  ['https://www.amazon.de/dp/1', '', 'Organic Shopping'],
  ['https://www.ebay.co.uk/itm/1', '', 'Organic Shopping'],
  ['https://shopping.google.com/', '', 'Organic Shopping'],
  ['', '?utm_source=google&utm_medium=cpc&utm_campaign=shopping_feed', 'Paid Search'],
  ['', '?utm_source=partner&utm_medium=cpc&utm_campaign=summer-shop', 'Paid Shopping'],
  ['', '?utm_source=amazon&utm_medium=paid', 'Paid Shopping'],
  // email, sms, push
  ['https://mail.google.com/', '', 'Email'],
  ['android-app://com.google.android.gm/', '', 'Email'],
  ['https://outlook.live.com/', '', 'Email'],
  ['', '?utm_source=newsletter', 'Email'],
  ['', '?utm_source=facebook&utm_medium=email', 'Email'],
  ['', '?utm_medium=E-Mail&utm_campaign=june', 'Email'],
  ['', '?utm_source=sms', 'SMS'],
  ['', '?utm_medium=sms&utm_source=attentive', 'SMS'],
  ['', '?utm_medium=web-push', 'Push'],
  ['', '?utm_source=firebase', 'Push'],
  ['', '?utm_medium=push_notification', 'Push'],
  // affiliates, display, content, audio, news, cross-network
  ['', '?utm_medium=affiliate&utm_source=awin', 'Affiliate'],
  ['https://www.awin1.com/cread.php', '', 'Affiliate'],
  ['', '?utm_medium=display&utm_source=google', 'Display'],
  ['', '?utm_medium=cpm', 'Display'],
  ['https://googleads.g.doubleclick.net/', '', 'Display'],
  ['', '?dclid=1', 'Display'],
  ['', '?utm_medium=content&utm_source=partner-blog', 'Content'],
  ['', '?utm_medium=podcast&utm_source=show', 'Audio'],
  ['https://open.spotify.com/episode/1', '', 'Audio'],
  ['https://news.google.com/articles/1', '', 'News'],
  ['https://www.nytimes.com/2024/01/01/x.html', '', 'News'],
  ['', '?utm_source=nytimes&utm_medium=news', 'News'],
  ['', '?utm_campaign=Cross-Network_PMax', 'Cross-Network'],
  ['', '?utm_medium=cross-network&utm_source=google', 'Cross-Network'],
  // referrals and leftovers
  ['https://github.com/owner/repo', '', 'Referral'],
  ['https://docs.google.com/document/d/1', '', 'Referral'],
  ['https://some-blog.net/post', '?utm_source=some-blog', 'Referral'],
  ['', '?utm_source=partner&utm_medium=referral', 'Referral'],
  ['https://some-blog.net/post', '?utm_medium=cpc&utm_source=unknown-network', 'Referral'],
  ['', '?utm_source=unknown-network&utm_medium=cpc', 'Unknown'],
  ['', '?utm_campaign=spring', 'Unknown'],
  ['https://shop.example.com/', '?utm_source=spring-banner', 'Unknown'],
  ['https://shop.example.com/', '?utm_source=bing', 'Organic Search'],
];

describe('classifyChannel', () => {
  it.each(cases)('referrer %j, query %j -> %s', (referrer, querystring, expected) => {
    const urlParameters = parseUrlParameters(querystring);
    expect(classifyChannel({ referrer, hostname: HOST, urlParameters })).toBe(expected);
  });

  it.each<[string, string, Channel]>([
    ['http://localhost:3000/a', 'localhost', 'Internal'],
    ['http://127.0.0.1:8080/', '127.0.0.1', 'Internal'],
    ['http://127.0.0.1:8080/', 'localhost', 'Referral'],
    ['https://alice.github.io/', 'bob.github.io', 'Referral'],
    ['https://www.google.com/', 'www.google.com', 'Internal'],
    ['https://www.example.co.uk/', 'EXAMPLE.co.uk', 'Internal'],
  ])('referrer %j on hostname %j -> %s', (referrer, hostname, expected) => {
    expect(classifyChannel({ referrer, hostname, urlParameters: {} })).toBe(expected);
  });
});

describe('isSameSite', () => {
  it.each<[string, string, boolean]>([
    ['a.example.com', 'b.example.com', true],
    ['example.com', 'example.org', false],
    ['example.co.uk', 'other.co.uk', false],
    ['alice.github.io', 'bob.github.io', false],
    ['localhost', 'localhost', true],
    ['10.0.0.1', '10.0.0.2', false],
  ])('%s ~ %s -> %s', (a, b, expected) => {
    expect(isSameSite(a, b)).toBe(expected);
  });
});
