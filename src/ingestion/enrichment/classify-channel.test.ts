import { describe, expect, it } from 'vitest';
import type { IntakeRecord } from '../intake-record.js';
import type { TrackPayload } from '../track.schema.js';
import { classifyChannel, pageFacts } from './classify-channel.js';
import type { EnrichContext, PageFacts } from './enrich-context.js';

function contextOf(payload: Partial<TrackPayload>): EnrichContext {
  const record = {
    site_id: 1,
    at: 0,
    event_id: 'e',
    user_id: 'u',
    detect_bots: false,
    ip: '',
    user_agent: '',
    headers: {},
    payload: { type: 'pageview', ...payload },
  } as IntakeRecord;
  return { record };
}

function run(step: ReturnType<typeof classifyChannel>, payload: Partial<TrackPayload>): PageFacts {
  const context = contextOf(payload);
  void step.run(context);
  if (!context.page) throw new Error('no page facts');
  return context.page;
}

const EVENTS: Array<Partial<TrackPayload>> = [
  { hostname: 'Example.com', referrer: 'https://www.google.com/search?q=x' },
  { hostname: 'example.com', referrer: 'https://example.com/pricing' },
  { hostname: 'example.com', referrer: '', querystring: 'utm_source=newsletter&utm_medium=email&utm_campaign=spring' },
  { hostname: 'example.com', querystring: '?gclid=abc&ref=x' },
  { hostname: 'example.com', referrer: 'https://news.ycombinator.com/', querystring: 'utm_source=hn' },
  { hostname: 'example.com', referrer: 'android-app://com.slack' },
  { hostname: 'example.com', referrer: 'not a url' },
  {},
  // Triples a naive joined key would mix up: the parts' boundaries move, the text does not.
  { hostname: 'a.com', referrer: 'https://b.com/', querystring: 'x=1' },
  { hostname: 'a.comhttps', referrer: '://b.com/', querystring: 'x=1' },
  { hostname: 'a.com', referrer: 'https://b.com/x=1', querystring: '' },
];

describe('the classify-channel step', () => {
  it('gives every event the facts computed afresh, on first sight and when kept', () => {
    const step = classifyChannel({ maxEntries: 4 });
    for (let round = 0; round < 3; round += 1) {
      for (const payload of EVENTS) {
        const expected = pageFacts((payload.hostname ?? '').toLowerCase(), payload.referrer ?? '', payload.querystring ?? '');
        expect(run(step, payload)).toEqual(expected);
      }
    }
  });

  it('hands a repeated triple the same frozen facts', () => {
    const step = classifyChannel();
    const payload = { hostname: 'example.com', referrer: 'https://www.google.com/', querystring: 'utm_source=x' };
    const first = run(step, payload);
    expect(run(step, { ...payload })).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.urlParameters) && Object.isFrozen(first.utm)).toBe(true);
  });

  it('keeps at most maxEntries triples, and none whose key is over the length limit', () => {
    const step = classifyChannel({ maxEntries: 2, maxKeyLength: 100 });
    const a = run(step, { hostname: 'a.com' });
    run(step, { hostname: 'b.com' });
    run(step, { hostname: 'c.com' });
    expect(run(step, { hostname: 'a.com' })).not.toBe(a);
    const long = { hostname: 'a.com', referrer: `https://b.com/${'x'.repeat(200)}` };
    expect(run(step, long)).not.toBe(run(step, long));
  });
});
