// The replay batch body: Rybbit's shape accepted, each rrweb event's frame checked, secrets never kept.
import { describe, expect, it } from 'vitest';
import { validateReplayBatch } from './replay-batch.schema.js';

const event = { type: 3, data: { source: 2 }, timestamp: 1_700_000_000_000 };

describe('validateReplayBatch', () => {
  it('reads Rybbit\'s recorder\'s batch, numeric-string types as numbers, and drops apiKey-free extras', () => {
    const result = validateReplayBatch({ userId: 'u1', events: [event, { ...event, type: '2' }], metadata: { pageUrl: 'https://a.example/', viewportWidth: 10, extra: 1 }, unknown: true });
    expect(result).toEqual({
      ok: true,
      batch: { userId: 'u1', events: [event, { ...event, type: 2 }], metadata: { pageUrl: 'https://a.example/', viewportWidth: 10 } },
    });
  });

  it('defaults a missing userId to anonymous', () => {
    expect(validateReplayBatch({ events: [event] })).toMatchObject({ ok: true, batch: { userId: '' } });
  });

  it.each([
    ['no events', { events: [] }, 'events'],
    ['type 7', { events: [{ ...event, type: 7 }] }, 'events'],
    ['type "12"', { events: [{ ...event, type: '12' }] }, 'events'],
    ['data null', { events: [{ ...event, data: null }] }, 'events'],
    ['data an array', { events: [{ ...event, data: [] }] }, 'events'],
    ['a fractional timestamp', { events: [{ ...event, timestamp: 1.5 }] }, 'events'],
    ['a negative sequence', { events: [event], sequence: -1 }, 'sequence'],
    ['a batch id with a space', { events: [event], batchId: 'a b' }, 'batchId'],
    ['a page URL that is not text', { events: [event], metadata: { pageUrl: 5 } }, 'metadata'],
  ])('refuses %s, naming the field', (_label, body, field) => {
    const result = validateReplayBatch(body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.details.fieldErrors)).toEqual([field]);
  });

  it.each([null, [], 'text', 5])('refuses a body that is not an object (%j)', (body) => {
    expect(validateReplayBatch(body)).toEqual({ ok: false, details: { fieldErrors: {}, formErrors: ['Expected a JSON object'] } });
  });
});
