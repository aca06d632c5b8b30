// Wall-clock arithmetic in IANA zones, including days that a DST change makes 23 or 25 hours long.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  canonicalTimeZone,
  formatWallTime,
  instantOfWallTime,
  isoWeekdayIndex,
  parseLocalDate,
  startOfLocalDay,
  instantClockOf,
  utcOffsetAt,
  wallClockOf,
  wallTimeAt,
  type WallTime,
} from './zoned-time.js';

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe('canonicalTimeZone', () => {
  it.each<[string, string | undefined]>([
    ['UTC', 'UTC'],
    ['utc', 'UTC'],
    ['america/new_york', 'America/New_York'],
    ['Europe/Berlin', 'Europe/Berlin'],
    ['US/Eastern', 'America/New_York'],
    ['Etc/GMT+5', 'Etc/GMT+5'],
    ['Mars/Olympus', undefined],
    ['', undefined],
    ['+05:00', undefined],
    ["UTC'; DROP TABLE events", undefined],
  ])('%s -> %s', (name, expected) => {
    expect(canonicalTimeZone(name)).toBe(expected);
  });
});

describe('offsets and wall time', () => {
  it.each<[string, string, number, string]>([
    ['2024-01-15T12:00:00Z', 'America/New_York', -5 * HOUR, '2024-01-15 07:00:00'],
    ['2024-07-15T12:00:00Z', 'America/New_York', -4 * HOUR, '2024-07-15 08:00:00'],
    ['2024-07-15T12:00:00Z', 'Asia/Kolkata', 5.5 * HOUR, '2024-07-15 17:30:00'],
    ['2024-07-15T23:59:59.999Z', 'UTC', 0, '2024-07-15 23:59:59'],
  ])('%s in %s', (iso, zone, offset, wall) => {
    expect(utcOffsetAt(at(iso), zone)).toBe(offset);
    expect(formatWallTime(wallTimeAt(at(iso), zone))).toBe(wall);
  });

  it('reads UTC without Intl exactly as Intl shows it', () => {
    const intl = new Intl.DateTimeFormat('en-US', { timeZone: 'Etc/UTC', hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    for (let instant = at('1999-12-31T23:59:59.999Z'); instant < at('2031-01-01T00:00:00Z'); instant += 7_777_777_777) {
      const parts = Object.fromEntries(intl.formatToParts(instant).filter((part) => part.type !== 'literal').map((part) => [part.type, Number(part.value)]));
      expect(wallTimeAt(instant, 'UTC')).toEqual(parts);
    }
  });
});

describe('startOfLocalDay', () => {
  it.each<[string, string, string, number]>([
    ['2024-03-10', 'America/New_York', '2024-03-10T05:00:00.000Z', 23],
    ['2024-11-03', 'America/New_York', '2024-11-03T04:00:00.000Z', 25],
    ['2024-06-01', 'America/New_York', '2024-06-01T04:00:00.000Z', 24],
    ['2024-03-31', 'Europe/Berlin', '2024-03-30T23:00:00.000Z', 23],
    ['2024-06-01', 'Asia/Kolkata', '2024-05-31T18:30:00.000Z', 24],
    // Chile moves its clocks at midnight: 2024-09-08 begins at 01:00, the instant of the change.
    ['2024-09-08', 'America/Santiago', '2024-09-08T04:00:00.000Z', 23],
  ])('%s in %s starts at %s and lasts %i hours', (date, zone, start, hours) => {
    const day = parseLocalDate(date);
    if (!day) throw new Error('bad test date');
    const begin = startOfLocalDay(day, zone);
    expect(new Date(begin).toISOString()).toBe(start);
    expect((startOfLocalDay(addDays(day, 1), zone) - begin) / HOUR).toBe(hours);
  });
});

describe('instantOfWallTime', () => {
  it.each<[string, string, string]>([
    ['2024-11-03 01:30:00', 'America/New_York', '2024-11-03T05:30:00.000Z'],
    ['2024-03-10 02:30:00', 'America/New_York', '2024-03-10T07:30:00.000Z'],
    ['2024-03-10 03:00:00', 'America/New_York', '2024-03-10T07:00:00.000Z'],
    ['2024-06-01 12:00:00', 'UTC', '2024-06-01T12:00:00.000Z'],
  ])('%s in %s', (wall, zone, expected) => {
    const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = wall.split(/[- :]/).map(Number);
    expect(new Date(instantOfWallTime({ year, month, day, hour, minute, second }, zone)).toISOString()).toBe(expected);
  });
});

describe('calendar dates', () => {
  it.each<[string, boolean]>([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-13-01', false],
    ['2024-1-01', false],
    ['24-01-01', false],
  ])('parseLocalDate(%s) is a date: %s', (text, valid) => {
    expect(parseLocalDate(text) !== undefined).toBe(valid);
  });

  it('adds days across month and year ends', () => {
    expect(addDays({ year: 2024, month: 12, day: 31 }, 1)).toEqual({ year: 2025, month: 1, day: 1 });
    expect(addDays({ year: 2024, month: 3, day: 1 }, -1)).toEqual({ year: 2024, month: 2, day: 29 });
  });

  it('numbers weekdays from Monday', () => {
    expect(isoWeekdayIndex({ year: 2024, month: 6, day: 3 })).toBe(0);
    expect(isoWeekdayIndex({ year: 2024, month: 6, day: 9 })).toBe(6);
  });
});

/** Instants from `from` (inclusive) to `until` (exclusive), `step` ms apart. */
const instantsBetween = (from: string, until: string, step: number): number[] =>
  Array.from({ length: Math.ceil((Date.parse(until) - Date.parse(from)) / step) }, (_, index) => Date.parse(from) + index * step);

/** An instant's UTC fields read as a wall time (in another zone some are skipped or repeated there). */
const utcFieldsOf = (instant: number): WallTime => {
  const d = new Date(instant);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
};

// Zones with whole-hour, half-hour (Lord Howe's DST is 30 minutes) and 45-minute offsets, both hemispheres.
const HARD_ZONES = ['UTC', 'America/New_York', 'Europe/London', 'America/St_Johns', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham'];
/** Every 61 minutes 7 seconds through 2024, so the samples drift across every minute of the hour. */
const THROUGH_2024 = instantsBetween('2024-01-01T00:00:00Z', '2025-01-01T00:00:00Z', 3_667_000);
/** Six hours, minute by minute, from UTC midnight of nights with a clock change (NY spring and fall, Lord Howe, St John's). */
const CHANGE_NIGHTS: ReadonlyArray<[string, number[]]> = [
  ['America/New_York', instantsBetween('2024-03-10T00:00:00Z', '2024-03-10T12:00:00Z', 60_000)],
  ['America/New_York', instantsBetween('2024-11-03T00:00:00Z', '2024-11-03T12:00:00Z', 60_000)],
  ['Australia/Lord_Howe', instantsBetween('2024-04-06T12:00:00Z', '2024-04-07T06:00:00Z', 60_000)],
  ['America/St_Johns', instantsBetween('2024-11-03T00:00:00Z', '2024-11-03T12:00:00Z', 60_000)],
];

describe('wallClockOf', () => {
  it.each(HARD_ZONES)('agrees with wallTimeAt through 2024 in %s', (zone) => {
    const clock = wallClockOf(zone);
    expect(THROUGH_2024.filter((instant) => formatWallTime(clock(instant)) !== formatWallTime(wallTimeAt(instant, zone)))).toEqual([]);
  });

  it.each(CHANGE_NIGHTS)('agrees with wallTimeAt minute by minute around a clock change in %s', (zone, instants) => {
    const clock = wallClockOf(zone);
    expect(instants.filter((instant) => formatWallTime(clock(instant)) !== formatWallTime(wallTimeAt(instant, zone)))).toEqual([]);
  });
});

describe('instantClockOf', () => {
  it.each(HARD_ZONES)('agrees with instantOfWallTime through 2024 in %s', (zone) => {
    const instantOf = instantClockOf(zone);
    const walls = THROUGH_2024.map(utcFieldsOf);
    expect(walls.filter((wall) => instantOf(wall) !== instantOfWallTime(wall, zone)).map(formatWallTime)).toEqual([]);
  });

  it.each(CHANGE_NIGHTS)('agrees with instantOfWallTime minute by minute around a clock change in %s', (zone, instants) => {
    const instantOf = instantClockOf(zone);
    const walls = instants.map(utcFieldsOf);
    expect(walls.filter((wall) => instantOf(wall) !== instantOfWallTime(wall, zone)).map(formatWallTime)).toEqual([]);
  });
});
