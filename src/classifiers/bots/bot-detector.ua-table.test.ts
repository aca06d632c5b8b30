// Real user agents with the headers their clients send: browsers stay human, crawlers get the right name and purpose.
import { describe, expect, it } from 'vitest';
import type { RequestHeaders } from './score-header-heuristics.js';
import { createBotDetectorDeps, detectBot } from './bot-detector.js';

const RESIDENTIAL_IP = '203.0.113.7';
const deps = createBotDetectorDeps({ lookupAsn: (ip) => (ip === RESIDENTIAL_IP ? 7922 : undefined) });

const BASE = { accept: '*/*', 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en-GB,en;q=0.9' };
const FETCH_META = { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'no-cors', 'sec-fetch-site': 'cross-site' };
const chromium = (major: number, brand = 'Google Chrome'): RequestHeaders => ({
  ...BASE,
  ...FETCH_META,
  'sec-ch-ua': `"Chromium";v="${major}", "${brand}";v="${major}", "Not-A.Brand";v="99"`,
  'sec-ch-ua-mobile': '?0',
});
const GECKO_OR_WEBKIT: RequestHeaders = { ...BASE, ...FETCH_META };
const CRAWLER: RequestHeaders = { accept: '*/*', 'accept-encoding': 'gzip' };

const BROWSERS: [string, string, RequestHeaders][] = [
  ['Chrome Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', chromium(124)],
  ['Chrome macOS', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', chromium(124)],
  ['Chrome Linux', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36', chromium(123)],
  ['Chrome Android', 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36', chromium(124)],
  ['Edge', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51', chromium(124, 'Microsoft Edge')],
  ['Opera', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0', chromium(120, 'Opera')],
  ['Vivaldi', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Vivaldi/6.5.3206.48', chromium(120, 'Vivaldi')],
  ['Samsung Internet', 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36', chromium(115, 'Samsung Internet')],
  ['Yandex Browser', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 YaBrowser/24.1.0.0 Safari/537.36', chromium(120, 'YaBrowser')],
  ['Instagram in-app (Android)', 'Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Instagram 309.0.0.40.113 Android', chromium(119, 'Android WebView')],
  ['Slack desktop (Electron)', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Slack/4.33.90 Chrome/114.0.5735.134 Electron/25.2.0 Safari/537.36', chromium(114)],
  ['Firefox Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0', GECKO_OR_WEBKIT],
  ['Firefox Linux', 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', GECKO_OR_WEBKIT],
  ['Firefox Android', 'Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0', GECKO_OR_WEBKIT],
  ['Safari macOS', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15', GECKO_OR_WEBKIT],
  ['Safari iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1', GECKO_OR_WEBKIT],
  ['Safari iPad', 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1', GECKO_OR_WEBKIT],
  ['Chrome iOS', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1', GECKO_OR_WEBKIT],
  ['Firefox iOS', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/121.0 Mobile/15E148 Safari/605.1.15', GECKO_OR_WEBKIT],
  ['Facebook in-app (iOS)', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/440.0.0.34.109;]', GECKO_OR_WEBKIT],
  ['Samsung smart TV', 'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) 76.0.3809.146/6.0 TV Safari/537.36', GECKO_OR_WEBKIT],
];

type Ai = { operator: string; name: string; purpose: string } | null;
const BOTS: [string, RequestHeaders, string, string, Ai][] = [
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)', CRAWLER, 'GPTBot', 'ai', { operator: 'OpenAI', name: 'GPTBot', purpose: 'training' }],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36; compatible; OAI-SearchBot/1.3; +https://openai.com/searchbot', CRAWLER, 'OAI-SearchBot', 'ai', { operator: 'OpenAI', name: 'OAI-SearchBot', purpose: 'search' }],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot', GECKO_OR_WEBKIT, 'ChatGPT-User', 'ai', { operator: 'OpenAI', name: 'ChatGPT-User', purpose: 'agent' }],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)', CRAWLER, 'ClaudeBot', 'ai', { operator: 'Anthropic', name: 'ClaudeBot', purpose: 'training' }],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)', GECKO_OR_WEBKIT, 'Claude-User', 'ai', { operator: 'Anthropic', name: 'Claude-User', purpose: 'agent' }],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)', CRAWLER, 'PerplexityBot', 'ai', { operator: 'Perplexity', name: 'PerplexityBot', purpose: 'search' }],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)', GECKO_OR_WEBKIT, 'Perplexity-User', 'ai', { operator: 'Perplexity', name: 'Perplexity-User', purpose: 'agent' }],
  ['Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Mobile Safari/537.36 (compatible; Google-CloudVertexBot; +https://cloud.google.com/enterprise-search)', CRAWLER, 'Google-CloudVertexBot', 'ai', { operator: 'Google', name: 'Google-CloudVertexBot', purpose: 'search' }],
  ['meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)', CRAWLER, 'meta-externalagent', 'ai', { operator: 'Meta', name: 'meta-externalagent', purpose: 'training' }],
  ['Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)', CRAWLER, 'Bytespider', 'ai', { operator: 'ByteDance', name: 'Bytespider', purpose: 'training' }],
  ['CCBot/2.0 (https://commoncrawl.org/faq/)', CRAWLER, 'CCBot', 'ai', { operator: 'Common Crawl', name: 'CCBot', purpose: 'training' }],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36', CRAWLER, 'Amazonbot', 'ai', { operator: 'Amazon', name: 'Amazonbot', purpose: 'training' }],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)', CRAWLER, 'Applebot', 'search', null],
  ['Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.201 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', CRAWLER, 'Googlebot', 'search', null],
  ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', CRAWLER, 'bingbot', 'search', null],
  ['Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', CRAWLER, 'AhrefsBot', 'seo', null],
  ['Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)', CRAWLER, 'SemrushBot', 'seo', null],
  ['Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)', CRAWLER, 'UptimeRobot', 'monitoring', null],
  ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', CRAWLER, 'facebookexternalhit', 'social', null],
  ['curl/8.4.0', { accept: '*/*' }, 'curl', 'http_client', null],
  ['python-requests/2.31.0', CRAWLER, 'python-requests', 'http_client', null],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36', chromium(124, 'HeadlessChrome'), 'HeadlessChrome', 'headless', null],
];

describe('detectBot over real user agents', () => {
  it(`has at least 25 rows (${BROWSERS.length + BOTS.length})`, () => {
    expect(BROWSERS.length + BOTS.length).toBeGreaterThanOrEqual(25);
  });

  it.each(BROWSERS)('%s with its usual headers is human', (_name, userAgent, headers) => {
    const verdict = detectBot({ userAgent, headers, ip: RESIDENTIAL_IP, recentHits: 1 }, deps);
    expect(verdict).toEqual({
      isBot: false,
      layers: { ua_pattern: false, header_heuristics: false, client_signals: false, bot_asn: false, rate_anomaly: false },
      botName: '',
      botCategory: '',
      asn: 7922,
      ai: null,
      signals: { header: [], client: [] },
    });
  });

  it.each(BOTS)('%s', (userAgent, headers, botName, botCategory, ai) => {
    const verdict = detectBot({ userAgent, headers, ip: RESIDENTIAL_IP, recentHits: 1 }, deps);
    expect([verdict.isBot, verdict.layers.ua_pattern, verdict.botName, verdict.botCategory, verdict.ai]).toEqual([
      true,
      true,
      botName,
      botCategory,
      ai,
    ]);
  });
});
