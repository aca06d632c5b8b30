import { describe, expect, it } from 'vitest';
import { loadCatalog } from './load-catalog.js';
import { Prng } from './prng.js';
import { TrafficSources, type Arrival } from './traffic-sources.js';

const sources = new TrafficSources(loadCatalog().channels);

function draw(returning: boolean, count = 20_000): Arrival[] {
  const rng = new Prng(6);
  return Array.from({ length: count }, () => sources.draw(rng, returning));
}

describe('TrafficSources', () => {
  const arrivals = draw(false);

  it('tags paid search with cpc and a click id, from a search engine', () => {
    const paid = arrivals.filter((arrival) => arrival.channel === 'Paid Search');
    expect(paid.length).toBeGreaterThan(0);
    for (const arrival of paid) {
      expect(arrival.utmMedium).toBe('cpc');
      expect(arrival.params.some(([key]) => key === 'gclid' || key === 'msclkid')).toBe(true);
      expect(arrival.referrer).toMatch(/^https:\/\/www\.(google|bing)\.com\/$/);
    }
  });

  it('gives direct arrivals no referrer and no tags', () => {
    for (const arrival of arrivals.filter((a) => a.channel === 'Direct')) {
      expect([arrival.referrer, arrival.params, arrival.utmSource]).toEqual(['', [], '']);
    }
  });

  it('sends AI arrivals from assistants and email arrivals with email tags', () => {
    const ai = new Set(arrivals.filter((a) => a.channel === 'AI').map((a) => new URL(a.referrer).hostname));
    expect([...ai].sort()).toEqual(
      ['chat.deepseek.com', 'chatgpt.com', 'claude.ai', 'copilot.microsoft.com', 'gemini.google.com', 'perplexity.ai', 'www.perplexity.ai'],
    );
    for (const arrival of arrivals.filter((a) => a.channel === 'Email')) expect(arrival.utmMedium).toBe('email');
  });

  it('lists the UTM tags in the landing URL in order', () => {
    const tagged = arrivals.find((a) => a.utmTerm !== '' && a.utmSource === 'google');
    expect(tagged?.params.map(([key]) => key)).toEqual(['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'gclid']);
  });

  it('brings returning visitors back directly more often', () => {
    const share = (list: Arrival[]) => list.filter((a) => a.channel === 'Direct').length / list.length;
    expect(share(draw(true)) - share(arrivals)).toBeGreaterThan(0.15);
  });
});
