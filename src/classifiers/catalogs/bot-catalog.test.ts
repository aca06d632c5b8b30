import { describe, expect, it } from 'vitest';
import { buildBotCatalog, loadAiOperators, loadBotCatalog } from './bot-catalog.js';

describe('buildBotCatalog', () => {
  it('puts AI crawlers first, defaults the token to the name, and marks AI entries', () => {
    const catalog = buildBotCatalog(
      { operators: [{ operator: 'OpenAI', referrerDomains: [], bots: [{ name: 'GPTBot', purpose: 'training' }] }] },
      { bots: [{ name: 'curl', token: 'curl/', category: 'http_client' }] },
    );
    expect(catalog).toEqual([
      { name: 'GPTBot', token: 'GPTBot', category: 'ai', ai: { operator: 'OpenAI', name: 'GPTBot', purpose: 'training' } },
      { name: 'curl', token: 'curl/', category: 'http_client', ai: null },
    ]);
  });

  it('rejects a token listed twice (case-insensitively)', () => {
    expect(() =>
      buildBotCatalog(
        { operators: [{ operator: 'X', referrerDomains: [], bots: [{ name: 'FooBot', purpose: 'agent' }] }] },
        { bots: [{ name: 'foobot', category: 'seo' }] },
      ),
    ).toThrow('bot catalog: token "foobot" is listed twice');
  });
});

describe('catalog in catalogs/', () => {
  it('loads without duplicate tokens and holds every purpose of the big three operators', () => {
    const catalog = loadBotCatalog();
    expect(catalog.length).toBeGreaterThan(100);
    const purposes = (operator: string): string[] =>
      catalog.filter((e) => e.ai?.operator === operator).map((e) => `${e.name}:${e.ai?.purpose ?? ''}`);
    expect(purposes('OpenAI')).toEqual(['GPTBot:training', 'OAI-SearchBot:search', 'ChatGPT-User:agent']);
    expect(purposes('Perplexity')).toEqual(['PerplexityBot:search', 'Perplexity-User:agent']);
    expect(purposes('Anthropic')).toEqual([
      'ClaudeBot:training',
      'anthropic-ai:training',
      'Claude-SearchBot:search',
      'Claude-User:agent',
      'Claude-Web:agent',
    ]);
  });

  it('lists AI operators with referrer domains', () => {
    const openai = loadAiOperators().find((o) => o.operator === 'OpenAI');
    expect(openai?.referrerDomains).toEqual(['chatgpt.com', 'chat.openai.com']);
    expect(openai?.bots.map((b) => b.name)).toEqual(['GPTBot', 'OAI-SearchBot', 'ChatGPT-User']);
  });
});
