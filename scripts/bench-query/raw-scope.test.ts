// The raw SQL's WHERE clauses: an event filter narrows rows, a channel filter keeps whole sessions, bots keep shared columns only.
import { describe, expect, it } from 'vitest';
import { goalCondition } from './raw-other-queries.js';
import { eventWhere, matchingSessions, rawFilterSupported, sharedWhere, type RawContext } from './raw-scope.js';

const RANGE = "site_id = {site:UInt32} AND timestamp >= {from:DateTime64(3, 'UTC')} AND timestamp <= {to:DateTime64(3, 'UTC')}";
const PARAMS = { site: 1, from: '2026-10-22 00:00:00.000', to: '2026-11-21 15:00:00.000' };
const CHANNEL = "argMin(channel, (channel IN ('Direct', 'Internal'), timestamp))";

function context(filter: RawContext['filter']): RawContext {
  return {
    siteId: 1, from: PARAMS.from, to: PARAMS.to, toInclusive: true, filter,
    probes: { sessionId: '1', userId: 'u', errorMessage: 'm', eventName: 'e' }, arg: undefined, body: undefined, now: new Date(0),
  };
}

describe('eventWhere', () => {
  it.each([
    [undefined, RANGE, PARAMS],
    [{ parameter: 'country', value: 'US' }, `${RANGE} AND country = {fv:String}`, { ...PARAMS, fv: 'US' }],
    [
      { parameter: 'channel', value: 'AI' },
      `${RANGE} AND session_id IN (SELECT session_id FROM events WHERE ${RANGE} GROUP BY session_id HAVING ${CHANNEL} = {fv:String})`,
      { ...PARAMS, fv: 'AI' },
    ],
  ])('%j', (filter, sql, params) => {
    expect(eventWhere(context(filter))).toEqual({ sql, params });
  });

  it('refuses a filter it has no hand-written form of', () => {
    expect(rawFilterSupported({ parameter: 'event_name', value: 'x' })).toBe(false);
    expect(() => eventWhere(context({ parameter: 'event_name', value: 'x' }))).toThrow('no raw SQL for a event_name filter');
  });
});

describe('matchingSessions and sharedWhere', () => {
  it('narrows the sessions to rows meeting an extra condition', () => {
    expect(matchingSessions(context({ parameter: 'country', value: 'US' }), 'session_id = {sid:UInt64}').sql).toBe(
      `SELECT session_id FROM events WHERE ${RANGE} AND session_id = {sid:UInt64} AND country = {fv:String}`,
    );
  });

  it.each([
    [{ parameter: 'country', value: 'US' }, `${RANGE} AND country = {fv:String}`],
    [{ parameter: 'channel', value: 'AI' }, RANGE],
    [{ parameter: 'utm_source', value: 'x' }, RANGE],
  ])('bots: %j', (filter, sql) => {
    expect(sharedWhere(context(filter)).sql).toBe(sql);
  });
});

describe('goalCondition', () => {
  it.each([
    [{ name: 'a', goalType: 'path', config: { pathPattern: '/pricing' } }, "type = 'pageview' AND pathname = {g0:String}", '/pricing'],
    [{ name: 'b', goalType: 'path', config: { pathPattern: '/blog/*' } }, "type = 'pageview' AND match(pathname, {g0:String})", '^/blog/[^/]+$'],
    [{ name: 'c', goalType: 'event', config: { eventName: 'signup' } }, "type = 'custom_event' AND event_name = {g0:String}", 'signup'],
    [
      { name: 'd', goalType: 'outbound', config: { valuePattern: '*github.com*' } },
      "type = 'outbound' AND match(JSONExtractString(props, 'url'), {g0:String})",
      '(?i)^.*github\\.com.*$',
    ],
  ] as const)('%j', (goal, sql, value) => {
    expect(goalCondition(goal, 0)).toEqual({ sql, params: { g0: value } });
  });
});
