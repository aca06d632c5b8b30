import { describe, expect, it } from 'vitest';
import { analyseUserAgent, createUserAgentAnalyser } from './analyse-user-agent.js';

describe('analyseUserAgent (ua_pattern layer)', () => {
  it.each([
    ['', true, '', 'unknown'],
    ['   ', true, '', 'unknown'],
    ['curl/8.4.0', true, 'curl', 'http_client'],
    ['Wget/1.21.4', true, 'Wget', 'http_client'],
    ['python-requests/2.31.0', true, 'python-requests', 'http_client'],
    ['Python-urllib/3.11', true, 'Python-urllib', 'http_client'],
    ['Go-http-client/1.1', true, 'Go-http-client', 'http_client'],
    ['axios/1.6.7', true, 'axios', 'http_client'],
    ['node-fetch/1.0 (+https://github.com/bitinn/node-fetch)', true, 'node-fetch', 'http_client'],
    ['Java/17.0.2', true, 'Java', 'http_client'],
    ['libwww-perl/6.72', true, 'libwww-perl', 'http_client'],
    ['Scrapy/2.11.0 (+https://scrapy.org)', true, 'Scrapy', 'http_client'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.6099.71 Safari/537.36', true, 'HeadlessChrome', 'headless'],
    ['Mozilla/5.0 (Unknown; Linux x86_64) AppleWebKit/538.1 (KHTML, like Gecko) PhantomJS/2.1.1 Safari/538.1', true, 'PhantomJS', 'headless'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Puppeteer', true, 'Puppeteer', 'automation'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Playwright/1.42', true, 'Playwright', 'automation'],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true, 'Googlebot', 'search'],
    ['Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', true, 'AhrefsBot', 'seo'],
    ['Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)', true, 'UptimeRobot', 'monitoring'],
    ['FooCrawler/1.0', true, 'FooCrawler', 'unknown'],
    ['Mozilla/5.0 (compatible; FooSpider; +http://foo.example)', true, '', 'unknown'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', false, '', ''],
    ['MyApp/1.0 CFNetwork/1408.0.4 Darwin/22.5.0', false, '', ''],
  ])('%j -> bot %s, %j, %j', (ua, botUa, botName, botCategory) => {
    const result = analyseUserAgent(ua);
    expect([result.botUa, result.botName, result.botCategory]).toEqual([botUa, botName, botCategory]);
  });

  it('records the AI crawler and the browser claim', () => {
    const result = analyseUserAgent('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)');
    expect(result).toEqual({
      botUa: true,
      botName: 'GPTBot',
      botCategory: 'ai',
      ai: { operator: 'OpenAI', name: 'GPTBot', purpose: 'training' },
      browser: { family: 'other', major: 0 },
    });
  });

  it('asks the identifier once per distinct user agent and ignores tokens past 2048 characters', () => {
    const seen: string[] = [];
    const analyse = createUserAgentAnalyser({
      identify: (ua) => {
        seen.push(ua);
        return null;
      },
    });
    analyse('Mozilla/5.0 A');
    analyse('Mozilla/5.0 A');
    analyse('Mozilla/5.0 B');
    expect(seen).toEqual(['Mozilla/5.0 A', 'Mozilla/5.0 B']);
    const padded = `Mozilla/5.0 (Windows NT 10.0) ${'x'.repeat(2100)} Googlebot/2.1`;
    expect(createUserAgentAnalyser()(padded).botUa).toBe(false);
  });
});
