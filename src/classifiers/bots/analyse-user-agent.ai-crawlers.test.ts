// Which AI operator's crawler a user agent is, and for what purpose: the `ai` of the shared user-agent analysis.
import { describe, expect, it } from 'vitest';
import { analyseUserAgent } from './analyse-user-agent.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

describe('analyseUserAgent(...).ai', () => {
  it.each([
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)', 'OpenAI', 'GPTBot', 'training'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36; compatible; OAI-SearchBot/1.3; +https://openai.com/searchbot', 'OpenAI', 'OAI-SearchBot', 'search'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot', 'OpenAI', 'ChatGPT-User', 'agent'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)', 'Anthropic', 'ClaudeBot', 'training'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +https://www.anthropic.com)', 'Anthropic', 'Claude-SearchBot', 'search'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)', 'Anthropic', 'Claude-User', 'agent'],
    ['anthropic-ai', 'Anthropic', 'anthropic-ai', 'training'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)', 'Perplexity', 'PerplexityBot', 'search'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)', 'Perplexity', 'Perplexity-User', 'agent'],
    ['Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Mobile Safari/537.36 (compatible; Google-CloudVertexBot; +https://cloud.google.com/enterprise-search)', 'Google', 'Google-CloudVertexBot', 'search'],
    ['meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)', 'Meta', 'meta-externalagent', 'training'],
    ['meta-externalfetcher/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)', 'Meta', 'meta-externalfetcher', 'agent'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36', 'Amazon', 'Amazonbot', 'training'],
    ['Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)', 'ByteDance', 'Bytespider', 'training'],
    ['CCBot/2.0 (https://commoncrawl.org/faq/)', 'Common Crawl', 'CCBot', 'training'],
    ['DuckAssistBot/1.2; (+http://duckduckgo.com/duckassistbot.html)', 'DuckDuckGo', 'DuckAssistBot', 'search'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-User/1.0; +https://docs.mistral.ai/robots)', 'Mistral AI', 'MistralAI-User', 'agent'],
    ['Mozilla/5.0 (compatible; YouBot (+http://www.you.com))', 'You.com', 'YouBot', 'search'],
    ['Mozilla/5.0 (compatible) AI2Bot (+https://www.allenai.org/crawler)', 'Allen Institute for AI', 'AI2Bot', 'training'],
    ['Mozilla/5.0 (compatible) Ai2Bot-Dolma (+https://www.allenai.org/crawler)', 'Allen Institute for AI', 'Ai2Bot-Dolma', 'training'],
    ['Timpibot/0.8 (+http://www.timpi.io)', 'Timpi', 'Timpibot', 'training'],
    ['Mozilla/5.0 (compatible; Diffbot/0.1; +http://www.diffbot.com)', 'Diffbot', 'Diffbot', 'training'],
  ])('%s', (ua, operator, name, purpose) => {
    expect(analyseUserAgent(ua).ai).toEqual({ operator, name, purpose });
  });

  it.each([
    [CHROME],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)'],
    ['curl/8.4.0'],
    [''],
  ])('not an AI crawler: %j', (ua) => {
    expect(analyseUserAgent(ua).ai).toBeNull();
  });
});
