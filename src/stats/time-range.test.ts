// Resolving the common time parameters to UTC intervals, and rendering them as SQL.
import { describe, expect, it } from 'vitest';
import { StatsParamError } from './bad-request-error.js';
import { parseDatetime, resolveTimeRange, timeRangeSql, type TimeRangeInput } from './time-range.js';

const NOW = new Date('2024-11-20T15:30:00.000Z');

interface Expected {
  from?: string;
  to?: string;
  toInclusive: boolean;
  timeZone: string;
}

function resolved(input: TimeRangeInput): Expected {
  const range = resolveTimeRange(input, NOW);
  return {
    ...(range.from ? { from: range.from.toISOString() } : {}),
    ...(range.to ? { to: range.to.toISOString() } : {}),
    toInclusive: range.toInclusive,
    timeZone: range.timeZone,
  };
}

describe('resolveTimeRange', () => {
  it.each<[string, TimeRangeInput, Expected]>([
    ['no parameters: all time', {}, { toInclusive: false, timeZone: 'UTC' }],
    [
      'dates in UTC, end day inclusive',
      { start_date: '2024-06-01', end_date: '2024-06-02' },
      { from: '2024-06-01T00:00:00.000Z', to: '2024-06-03T00:00:00.000Z', toInclusive: false, timeZone: 'UTC' },
    ],
    [
      'a New York day losing an hour to DST',
      { start_date: '2024-03-10', end_date: '2024-03-10', time_zone: 'America/New_York' },
      { from: '2024-03-10T05:00:00.000Z', to: '2024-03-11T04:00:00.000Z', toInclusive: false, timeZone: 'America/New_York' },
    ],
    [
      'a New York day gaining an hour from DST',
      { start_date: '2024-11-03', end_date: '2024-11-03', time_zone: 'America/New_York' },
      { from: '2024-11-03T04:00:00.000Z', to: '2024-11-04T05:00:00.000Z', toInclusive: false, timeZone: 'America/New_York' },
    ],
    [
      'New York days spanning both changes',
      { start_date: '2024-03-09', end_date: '2024-11-03', time_zone: 'america/new_york' },
      { from: '2024-03-09T05:00:00.000Z', to: '2024-11-04T05:00:00.000Z', toInclusive: false, timeZone: 'America/New_York' },
    ],
    [
      'a range ending today ends now',
      { start_date: '2024-11-01', end_date: '2024-11-20' },
      { from: '2024-11-01T00:00:00.000Z', to: '2024-11-20T15:30:00.000Z', toInclusive: true, timeZone: 'UTC' },
    ],
    [
      'a range ending in the future ends now',
      { start_date: '2024-11-01', end_date: '2024-12-31' },
      { from: '2024-11-01T00:00:00.000Z', to: '2024-11-20T15:30:00.000Z', toInclusive: true, timeZone: 'UTC' },
    ],
    [
      'yesterday in Tokyo is already over',
      { start_date: '2024-11-20', end_date: '2024-11-20', time_zone: 'Asia/Tokyo' },
      { from: '2024-11-19T15:00:00.000Z', to: '2024-11-20T15:00:00.000Z', toInclusive: false, timeZone: 'Asia/Tokyo' },
    ],
    [
      'today in Tokyo ends now',
      { start_date: '2024-11-21', end_date: '2024-11-21', time_zone: 'Asia/Tokyo' },
      { from: '2024-11-20T15:00:00.000Z', to: '2024-11-20T15:30:00.000Z', toInclusive: true, timeZone: 'Asia/Tokyo' },
    ],
    [
      'datetimes without offset are UTC, end exclusive',
      { start_datetime: '2024-06-01 10:00:00', end_datetime: '2024-06-01T12:30:00Z', time_zone: 'Asia/Tokyo' },
      { from: '2024-06-01T10:00:00.000Z', to: '2024-06-01T12:30:00.000Z', toInclusive: false, timeZone: 'Asia/Tokyo' },
    ],
    [
      'datetimes with offsets',
      { start_datetime: '2024-06-01T10:00:00+02:00', end_datetime: '2024-06-01T10:00:00-0530' },
      { from: '2024-06-01T08:00:00.000Z', to: '2024-06-01T15:30:00.000Z', toInclusive: false, timeZone: 'UTC' },
    ],
    [
      'past minutes: (now - start, now - end]',
      { past_minutes_start: 60, past_minutes_end: 30 },
      { from: '2024-11-20T14:30:00.001Z', to: '2024-11-20T15:00:00.000Z', toInclusive: true, timeZone: 'UTC' },
    ],
    [
      'past minutes up to now',
      { past_minutes_start: 0.5, past_minutes_end: 0 },
      { from: '2024-11-20T15:29:30.001Z', to: '2024-11-20T15:30:00.000Z', toInclusive: true, timeZone: 'UTC' },
    ],
    [
      'dates win over datetimes and past minutes',
      {
        start_date: '2024-06-01', end_date: '2024-06-01',
        start_datetime: '2024-01-01 00:00:00', end_datetime: '2024-01-02 00:00:00',
        past_minutes_start: 10, past_minutes_end: 0,
      },
      { from: '2024-06-01T00:00:00.000Z', to: '2024-06-02T00:00:00.000Z', toInclusive: false, timeZone: 'UTC' },
    ],
    [
      'datetimes win over past minutes',
      { start_datetime: '2024-01-01 00:00:00', end_datetime: '2024-01-02 00:00:00', past_minutes_start: 10, past_minutes_end: 0 },
      { from: '2024-01-01T00:00:00.000Z', to: '2024-01-02T00:00:00.000Z', toInclusive: false, timeZone: 'UTC' },
    ],
  ])('%s', (_name, input, expected) => {
    expect(resolved(input)).toEqual(expected);
  });

  it.each<[string, TimeRangeInput, string, string]>([
    ['an unknown time zone', { time_zone: 'Mars/Olympus' }, 'time_zone', 'Invalid time_zone'],
    ['start_date alone', { start_date: '2024-06-01' }, 'end_date', 'start_date and end_date must be given together'],
    ['end_date alone', { end_date: '2024-06-01' }, 'start_date', 'start_date and end_date must be given together'],
    ['an impossible start_date', { start_date: '2024-02-30', end_date: '2024-03-01' }, 'start_date', 'Invalid start_date: expected YYYY-MM-DD'],
    ['an impossible end_date', { start_date: '2024-02-01', end_date: '2024-02-30' }, 'end_date', 'Invalid end_date: expected YYYY-MM-DD'],
    ['start_date after end_date', { start_date: '2024-06-02', end_date: '2024-06-01' }, 'start_date', 'start_date must not be after end_date'],
    ['start_datetime alone', { start_datetime: '2024-06-01 00:00:00' }, 'end_datetime', 'start_datetime and end_datetime must be given together'],
    ['a bad start_datetime', { start_datetime: '2024-06-01 25:00:00', end_datetime: '2024-06-02 00:00:00' }, 'start_datetime', 'Invalid start_datetime'],
    ['a bad end_datetime', { start_datetime: '2024-06-01 00:00:00', end_datetime: 'tomorrow' }, 'end_datetime', 'Invalid end_datetime'],
    [
      'start_datetime after end_datetime',
      { start_datetime: '2024-06-02 00:00:00', end_datetime: '2024-06-01 00:00:00' },
      'start_datetime',
      'start_datetime must not be after end_datetime',
    ],
    ['past_minutes_end alone', { past_minutes_end: 5 }, 'past_minutes_start', 'past_minutes_start and past_minutes_end must be given together'],
    ['past minutes not decreasing', { past_minutes_start: 5, past_minutes_end: 5 }, 'past_minutes_start', 'past_minutes_start must be greater than past_minutes_end'],
    ['negative past minutes', { past_minutes_start: 5, past_minutes_end: -1 }, 'past_minutes_end', 'Invalid past_minutes_end'],
    [
      'a bad datetime that precedence would ignore',
      { start_date: '2024-06-01', end_date: '2024-06-01', start_datetime: 'x', end_datetime: 'y' },
      'start_datetime',
      'Invalid start_datetime',
    ],
  ])('rejects %s', (_name, input, parameter, message) => {
    const run = () => resolveTimeRange(input, NOW);
    expect(run).toThrow(StatsParamError);
    expect(run).toThrow(expect.objectContaining({ parameter, message }));
  });
});

describe('parseDatetime', () => {
  it.each<[string, string | undefined]>([
    ['2024-06-01 10:00:00', '2024-06-01T10:00:00.000Z'],
    ['2024-06-01T10:00:00', '2024-06-01T10:00:00.000Z'],
    ['2024-06-01T10:00:00z', '2024-06-01T10:00:00.000Z'],
    ['2024-06-01 10:00:00.25', '2024-06-01T10:00:00.250Z'],
    ['2024-06-01T10:00:00.123456Z', '2024-06-01T10:00:00.123Z'],
    ['2024-06-01T10:00:00 02:00', '2024-06-01T08:00:00.000Z'],
    ['2024-06-01T00:30:00+14:00', '2024-05-31T10:30:00.000Z'],
    ['2024-06-01T10:00:00+15:00', undefined],
    ['2024-06-01', undefined],
    ['2024-06-31 10:00:00', undefined],
    ['2024-06-01 10:60:00', undefined],
    [' 2024-06-01 10:00:00', undefined],
  ])('%s', (text, expected) => {
    const instant = parseDatetime(text);
    expect(instant === undefined ? undefined : new Date(instant).toISOString()).toBe(expected);
  });
});

describe('timeRangeSql', () => {
  const from = new Date('2024-06-01T00:00:00Z');
  const to = new Date('2024-06-02T00:00:00.5Z');

  it('binds both bounds, the end exclusive', () => {
    expect(timeRangeSql({ from, to, toInclusive: false, timeZone: 'UTC' })).toEqual({
      sql: "(timestamp >= {range_from:DateTime64(3, 'UTC')}) AND (timestamp < {range_to:DateTime64(3, 'UTC')})",
      params: { range_from: '2024-06-01 00:00:00.000', range_to: '2024-06-02 00:00:00.500' },
    });
  });

  it('makes an inclusive end <= and takes a column and prefix', () => {
    expect(timeRangeSql({ to, toInclusive: true, timeZone: 'UTC' }, 'e.timestamp', 'previous')).toEqual({
      sql: "e.timestamp <= {previous_to:DateTime64(3, 'UTC')}",
      params: { previous_to: '2024-06-02 00:00:00.500' },
    });
  });

  it('renders all time as always true', () => {
    expect(timeRangeSql({ toInclusive: false, timeZone: 'UTC' })).toEqual({ sql: '1 = 1', params: {} });
  });

  it('refuses a column that is not a plain name', () => {
    expect(() => timeRangeSql({ from, toInclusive: false, timeZone: 'UTC' }, 'timestamp) OR (1')).toThrow('bad column');
  });
});
