// reportRange binds the same interval the stats engine resolves for UTC dates, ending now or at midnight.
import { describe, expect, it } from 'vitest';
import { resolveTimeRange, toClickHouseDateTime } from '../../src/stats/time-range.js';
import { reportRange } from './report-range.js';

describe('reportRange', () => {
  it.each([
    ['2026-10-22', '2026-11-21', '2026-11-21T15:04:00.123Z', { from: '2026-10-22 00:00:00.000', to: '2026-11-21 15:04:00.123', toInclusive: true }],
    ['2026-10-22', '2026-11-20', '2026-11-21T15:04:00.123Z', { from: '2026-10-22 00:00:00.000', to: '2026-11-21 00:00:00.000', toInclusive: false }],
    ['2026-10-22', '2026-11-21', '2026-11-22T00:00:00.000Z', { from: '2026-10-22 00:00:00.000', to: '2026-11-22 00:00:00.000', toInclusive: false }],
  ])('%s .. %s at %s', (start, end, now, expected) => {
    const bounds = reportRange(start, end, new Date(now));
    expect(bounds).toEqual(expected);
    const engine = resolveTimeRange({ start_date: start, end_date: end }, new Date(now));
    expect({ from: engine.from && toClickHouseDateTime(engine.from), to: engine.to && toClickHouseDateTime(engine.to), toInclusive: engine.toInclusive }).toEqual(expected);
  });
});
