// Splitting a range at quarter hours: the whole quarters the projection answers and the edges left to the events.
import { describe, expect, it } from 'vitest';
import { splitAtQuarters, userQuarterRows } from './user-quarters.js';

const at = (text: string) => new Date(text);
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

function split(from: string | undefined, to: string | undefined, toInclusive = false) {
  const result = splitAtQuarters({ from: from ? at(from) : undefined, to: to ? at(to) : undefined, toInclusive });
  return {
    quarters: result.quarters && { from: iso(result.quarters.from), to: iso(result.quarters.to) },
    edges: result.edges.map((edge) => ({ from: iso(edge.from), to: iso(edge.to) })),
  };
}

describe('splitAtQuarters', () => {
  it('keeps an aligned range whole', () => {
    expect(split('2026-11-01T00:00:00.000Z', '2026-11-08T00:00:00.000Z')).toEqual({
      quarters: { from: '2026-11-01T00:00:00.000Z', to: '2026-11-08T00:00:00.000Z' },
      edges: [],
    });
  });

  it('leaves the partial quarter before now to the events, its end included', () => {
    expect(split('2026-11-01T00:00:00.000Z', '2026-11-27T05:31:12.345Z', true)).toEqual({
      quarters: { from: '2026-11-01T00:00:00.000Z', to: '2026-11-27T05:30:00.000Z' },
      edges: [{ from: '2026-11-27T05:30:00.000Z', to: '2026-11-27T05:31:12.346Z' }],
    });
  });

  it('cuts both unaligned ends', () => {
    expect(split('2026-11-01T00:07:00.000Z', '2026-11-01T02:50:00.000Z')).toEqual({
      quarters: { from: '2026-11-01T00:15:00.000Z', to: '2026-11-01T02:45:00.000Z' },
      edges: [
        { from: '2026-11-01T00:07:00.000Z', to: '2026-11-01T00:15:00.000Z' },
        { from: '2026-11-01T02:45:00.000Z', to: '2026-11-01T02:50:00.000Z' },
      ],
    });
  });

  it('reads a range inside one quarter from the events alone', () => {
    expect(split('2026-11-01T00:01:00.000Z', '2026-11-01T00:14:00.000Z')).toEqual({
      quarters: undefined,
      edges: [{ from: '2026-11-01T00:01:00.000Z', to: '2026-11-01T00:14:00.000Z' }],
    });
  });

  it('takes every quarter of an open range', () => {
    expect(split(undefined, undefined)).toEqual({ quarters: { from: undefined, to: undefined }, edges: [] });
    expect(split('2026-11-01T00:01:00.000Z', undefined)).toEqual({
      quarters: { from: '2026-11-01T00:15:00.000Z', to: undefined },
      edges: [{ from: '2026-11-01T00:01:00.000Z', to: '2026-11-01T00:15:00.000Z' }],
    });
  });
});

describe('userQuarterRows', () => {
  const ms = (text: string) => Date.parse(text);

  it('binds the quarters as DateTime seconds and the edges as milliseconds', () => {
    const rows = userQuarterRows(7, [{ from: ms('2026-11-01T00:07:00.000Z'), to: ms('2026-11-02T00:00:00.000Z') }], 'person');
    expect(rows?.params).toEqual({
      siteId: 7,
      uq_quarters0_from: '2026-11-01 00:15:00',
      uq_quarters0_to: '2026-11-02 00:00:00',
      uq_edge0_from: '2026-11-01 00:07:00.000',
      uq_edge0_to: '2026-11-01 00:15:00.000',
    });
    expect(rows?.sql).toContain('GROUP BY user_key_hash');
    expect(rows?.sql).toContain('UNION ALL');
  });

  it('reads the quarters of several stretches in one pass, and their edges in another', () => {
    const rows = userQuarterRows(7, [{ from: ms('2026-11-01T10:00:00.000Z'), to: ms('2026-11-02T00:00:00.000Z') }, { from: ms('2026-11-05T00:00:00.000Z'), to: ms('2026-11-05T08:20:00.000Z') }], 'quarter');
    expect(rows?.params).toEqual({
      siteId: 7,
      uq_quarters0_from: '2026-11-01 10:00:00',
      uq_quarters0_to: '2026-11-02 00:00:00',
      uq_quarters1_from: '2026-11-05 00:00:00',
      uq_quarters1_to: '2026-11-05 08:15:00',
      uq_edge0_from: '2026-11-05 08:15:00.000',
      uq_edge0_to: '2026-11-05 08:20:00.000',
    });
    expect(rows?.sql.match(/FROM events/g)).toHaveLength(2);
    expect(rows?.sql).toContain('GROUP BY toStartOfFifteenMinutes(timestamp), user_key_hash');
  });

  it('gives nothing to read for no stretch', () => {
    expect(userQuarterRows(7, [], 'person')).toBeUndefined();
  });
});
