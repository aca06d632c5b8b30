// Validation and compilation of the channel tables, and hygiene checks on catalogs/channel-sources.json.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogPath } from '../catalogs/read-catalog.js';
import { compileChannelSources, loadChannelSources, type ChannelSourcesFile } from './channel-sources.js';

const minimal = (): ChannelSourcesFile => ({
  categories: [
    { category: 'ai', organic: 'AI', paid: 'Paid AI', hosts: ['gemini.google.*', 'chat.example.com'], sources: ['bot'] },
    { category: 'search', organic: 'Organic Search', paid: 'Paid Search', hosts: ['google.*', 'gemini.google.*', 'search.example.com'], sources: ['google', 'bot'] },
  ],
  mediums: [{ pattern: '^email$', channel: 'Email' }],
  fallbackMediums: [],
  paidMedium: '^cpc$',
  shoppingCampaign: 'shop',
  crossNetworkCampaign: 'cross-network',
  clickIds: [{ parameter: 'gclid', category: 'search', paid: true }],
});

describe('compileChannelSources', () => {
  const sources = compileChannelSources(minimal());

  it.each<[string, string | null]>([
    ['google.com', 'search'],
    ['google.co.jp', 'search'],
    ['docs.google.com', null],
    ['gemini.google.com', 'ai'],
    ['gemini.google.fr', 'ai'],
    ['chat.example.com', 'ai'],
    ['eu.chat.example.com', 'ai'],
    ['example.com', null],
    ['x.search.example.com', 'search'],
    ['localhost', null],
    ['', null],
  ])('host %j -> %s', (host, category) => {
    expect(sources.categoryOfHost(host)?.name ?? null).toBe(category);
  });

  it.each<[string, string | null]>([
    ['google', 'search'],
    ['bot', 'ai'],
    ['google.de', 'search'],
    ['chat.example.com', 'ai'],
    ['googles', null],
  ])('source %j -> %s (first category wins)', (source, category) => {
    expect(sources.categoryOfSource(source)?.name ?? null).toBe(category);
  });

  it('rejects a channel outside the closed list', () => {
    const file = minimal();
    const bad = { ...file, mediums: [{ pattern: 'x', channel: 'Newsletter' }] };
    expect(() => compileChannelSources(bad)).toThrow();
  });

  it('rejects a click id naming an unknown category', () => {
    const file = { ...minimal(), clickIds: [{ parameter: 'zzclid', category: 'radio', paid: true }] };
    expect(() => compileChannelSources(file)).toThrow('click id zzclid names unknown category radio');
  });

  it('rejects hosts with paths or capitals', () => {
    const file = minimal();
    file.categories[0]!.hosts.push('Example.com/chat');
    expect(() => compileChannelSources(file)).toThrow();
  });
});

describe('catalogs/channel-sources.json', () => {
  const raw = JSON.parse(readFileSync(catalogPath('channel-sources.json'), 'utf8')) as ChannelSourcesFile;

  it('loads', () => {
    const sources = loadChannelSources();
    expect(sources.categoriesByName.get('ai')?.organic).toBe('AI');
    expect(sources.clickIds.map((rule) => rule.parameter)).toContain('gclid');
  });

  it('lists AI before search', () => {
    const names = raw.categories.map((category) => category.category);
    expect(names.indexOf('ai')).toBeLessThan(names.indexOf('search'));
  });

  it.each(['hosts', 'sources'] as const)('lists no %s entry in two categories', (field) => {
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const category of raw.categories) {
      for (const entry of category[field]) {
        const owner = seen.get(entry);
        if (owner !== undefined) duplicates.push(`${entry} (${owner}, ${category.category})`);
        seen.set(entry, category.category);
      }
    }
    expect(duplicates).toEqual([]);
  });
});
