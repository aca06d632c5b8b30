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

const engagementBody = { data: { visits: 3, time_on_page_seconds: 11.67, scroll_depth: 70, scroll_reach: {}, sessions: 3, engaged_session_duration: 11.67 } };
const engagementRaw = [[{ visits: '3', seconds: 11.666666666666666, depth: 70 }], [{ sessions: '3', ms: '35000' }]];
const eventsBody = { data: [{ timestamp: '2026-11-02 10:00:00.002', type: 'pageview', event_name: '', pathname: '/a' }, { timestamp: '2026-11-02 10:00:00.001', type: 'custom_event', event_name: 'signup', pathname: '/b' }] };
const eventsRaw = [[
  { at: '2026-11-02 10:00:00.002', type: 'pageview', event_name: '', pathname: '/a' },
  { at: '2026-11-02 10:00:00.001', type: 'custom_event', event_name: 'signup', pathname: '/b' },
]];
const aiBody = { data: [{ operator: 'OpenAI', crawls: 4, referrals: 3 }, { operator: 'Anthropic', crawls: 0, referrals: 1 }] };
// Crawls per operator (per_operator 1) and per crawler, then referrals per host: www and subdomains count for the operator, others for none.
const aiRaw = [
  [{ ai_operator: 'OpenAI', per_operator: '1', reads: '4' }, { ai_operator: 'OpenAI', per_operator: '0', reads: '4' }],
  [{ host: 'chatgpt.com', sessions: '2' }, { host: 'chat.openai.com', sessions: '1' }, { host: 'claude.ai', sessions: '1' }, { host: 'example.com', sessions: '5' }],
];
const engagementPagesBody = { data: { data: [{ value: '/a', visits: 2, time_on_page_seconds: 16, scroll_depth: 90 }], totalCount: 1 } };

describe('sameAnswer', () => {
  it.each([
    ['engagement', engagementBody, engagementRaw, true],
    ['engagement', engagementBody, [engagementRaw[0], [{ sessions: '4', ms: '35000' }]], false],
    ['engagement-pages', engagementPagesBody, [[{ value: '/a', visits: '2', seconds: 16, depth: 90 }]], true],
    ['engagement-pages', engagementPagesBody, [[{ value: '/a', visits: '2', seconds: 16.5, depth: 90 }]], false],
    ['events', eventsBody, eventsRaw, true],
    ['events', eventsBody, [[eventsRaw[0]?.[1], eventsRaw[0]?.[0]]], false],
    ['ai-summary', aiBody, aiRaw, true],
    ['ai-summary', aiBody, [aiRaw[0], aiRaw[1]?.slice(1)], false],
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
    expect(sameAnswer('outbound', {}, [[]])).toBeUndefined();
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
