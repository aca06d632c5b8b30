import { UAParser } from 'ua-parser-js';
import { describe, expect, it } from 'vitest';
import { CONTRACT_CHANNELS } from './contract-values.js';
import { loadCatalog } from './load-catalog.js';
import { SitePages, slugify } from './site-pages.js';

const catalog = loadCatalog();
const pages = new SitePages(catalog.pages, catalog.site);

describe('data tables', () => {
  it.each(catalog.devices.profiles.map((profile) => [`${profile.browser} on ${profile.os} (${profile.deviceType})`, profile] as const))(
    '%s agrees with what the user-agent parser reports for its sample',
    (_, profile) => {
      const result = new UAParser(profile.sampleUa).getResult();
      const parsedType = { smarttv: 'TV', mobile: 'Mobile', tablet: 'Tablet', console: 'Console' }[result.device.type ?? ''] ?? 'Desktop';
      expect([result.browser.name, result.os.name, parsedType]).toEqual([profile.browser, profile.os, profile.deviceType]);
      expect(profile.browserVersions.map(([version]) => version)).toContain(result.browser.major ?? '');
      expect(profile.osVersions.map(([version]) => version)).toContain(result.os.version ?? '');
    },
  );

  it('uses only channel names ingestion can store', () => {
    for (const entry of catalog.channels.channels) expect(CONTRACT_CHANNELS).toContain(entry.channel);
  });

  it('has a few hundred distinct pages, each with a title', () => {
    const paths = pages.pages.map((page) => page.pathname);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.length).toBeGreaterThanOrEqual(250);
    expect(paths.length).toBeLessThanOrEqual(400);
    for (const page of pages.pages) expect(page.title.length).toBeGreaterThan(0);
  });

  it('only names pages that exist', () => {
    const named = [
      ...catalog.interactions.interactions.flatMap((entry) => (entry.path ? [entry.path] : [])),
      ...catalog.errors.errors.flatMap((entry) => entry.paths ?? []),
      ...catalog.channels.channels.flatMap((entry) => entry.sources.flatMap((source) => source.landing ?? [])),
    ];
    for (const path of named) expect(pages.find(path), path).toBeDefined();
  });

  it('gives AI bots both an operator and a purpose, and other bots neither', () => {
    for (const bot of catalog.bots.bots) expect([bot.name, bot.operator === undefined]).toEqual([bot.name, bot.purpose === undefined]);
    const operators = new Set(catalog.bots.bots.flatMap((bot) => (bot.operator ? [bot.operator] : [])));
    expect([...operators]).toEqual(expect.arrayContaining(['OpenAI', 'Anthropic', 'Perplexity']));
  });

  it.each([
    ['How to measure retention without cookies', 'how-to-measure-retention-without-cookies'],
    ['A/B test sample sizes made simple', 'a-b-test-sample-sizes-made-simple'],
    ['Release 3.24', 'release-3-24'],
    ['Kraków café', 'krakow-cafe'],
    ['What is a session, really?', 'what-is-a-session-really'],
  ])('slugify(%s) = %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
});
