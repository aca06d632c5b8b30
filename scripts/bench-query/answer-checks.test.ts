// The answer checks line up an endpoint body with raw rows: equal figures pass, one differing figure fails.
import { describe, expect, it } from 'vitest';
import { at, sameAnswer } from './answer-checks.js';

const overviewBody = { data: { sessions: 4, pageviews: 10, users: 3, pages_per_session: 2.5, bounce_rate: 25, session_duration: 12.35 } };
const overviewRaw = [[{ sessions: '4', pageviews: '10', users: '3', bounces: '1', duration_ms: '49400' }]];

const metricBody = { data: { data: [{ value: 'US', count: 3, pageviews: 7 }, { value: 'DE', count: 1, pageviews: 3 }], totalCount: 2 } };
const metricRaw = [[
  { value: 'US', count: '3', pageviews: '7', total_rows: '2' },
  { value: 'DE', count: '1', pageviews: '3', total_rows: '2' },
]];

describe('sameAnswer', () => {
  it.each([
    ['overview', overviewBody, overviewRaw, true],
    ['overview', overviewBody, [[{ ...overviewRaw[0]?.[0], bounces: '2' }]], false],
    ['metric-first-value', metricBody, metricRaw, true],
    ['metric-channel', metricBody, [[metricRaw[0]?.[0], { ...metricRaw[0]?.[1], pageviews: '4' }]], false],
    ['funnel', { data: [{ sessions: 9 }, { sessions: 4 }, { sessions: 1 }] }, [[{ s1: '9', s2: '4', s3: '1' }]], true],
    ['funnel', { data: [{ sessions: 9 }, { sessions: 4 }, { sessions: 1 }] }, [[{ s1: '9', s2: '1', s3: '4' }]], false],
  ])('%s #%#', (id, body, raw, expected) => {
    expect(sameAnswer(id, body, raw as Record<string, unknown>[][])).toBe(expected);
  });

  it('has no check for a raw id without one', () => {
    expect(sameAnswer('events', {}, [[]])).toBeUndefined();
  });
});

describe('at', () => {
  it.each([
    [{ a: [{ b: 1 }] }, ['a', 0, 'b'], 1],
    [{ a: null }, ['a', 'b'], undefined],
    ['text', ['length'], undefined],
  ] as const)('%j %j', (value, keys, expected) => {
    expect(at(value, ...keys)).toBe(expected);
  });
});
