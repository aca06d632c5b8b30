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

describe('wallClockOf', () => {
  // Zones with whole-hour, half-hour (Lord Howe's DST is 30 minutes) and 45-minute offsets, both hemispheres.
  const zones = ['UTC', 'America/New_York', 'Europe/London', 'America/St_Johns', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham'];
  const start = Date.parse('2024-01-01T00:00:00Z');
  const end = Date.parse('2025-01-01T00:00:00Z');

  it.each(zones)('agrees with Intl every 61 minutes 7 seconds through 2024 in %s', (zone) => {
    const clock = wallClockOf(zone);
    const mismatches: number[] = [];
    for (let instant = start; instant < end; instant += 3_667_000) {
      if (JSON.stringify(clock(instant)) !== JSON.stringify(wallTimeAt(instant, zone))) mismatches.push(instant);
    }
    expect(mismatches).toEqual([]);
  });

  it('agrees around the instants a clock changes', () => {
    // New York spring forward 2024-03-10 07:00Z, fall back 2024-11-03 06:00Z; Lord Howe ends DST 2024-04-06 15:00Z.
    const cases: Array<[string, string]> = [
      ['America/New_York', '2024-03-10T07:00:00Z'],
      ['America/New_York', '2024-11-03T06:00:00Z'],
      ['Australia/Lord_Howe', '2024-04-06T15:00:00Z'],
    ];
    for (const [zone, change] of cases) {
      const clock = wallClockOf(zone);
      for (let delta = -7_200_000; delta <= 7_200_000; delta += 60_000) {
        const instant = Date.parse(change) + delta;
        expect(clock(instant), `${zone} ${new Date(instant).toISOString()}`).toEqual(wallTimeAt(instant, zone));
      }
    }
  });
});

describe('instantClockOf', () => {
  const zones = ['UTC', 'America/New_York', 'Europe/London', 'America/St_Johns', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham'];

  it.each(zones)('agrees with instantOfWallTime on wall times every 61 minutes 7 seconds through 2024 in %s', (zone) => {
    const instantOf = instantClockOf(zone);
    const mismatches: string[] = [];
    for (let t = Date.parse('2024-01-01T00:00:00Z'); t < Date.parse('2025-01-01T00:00:00Z'); t += 3_667_000) {
      // Wall times read as UTC fields: some fall in skipped or repeated hours, which instantOfWallTime settles.
      const d = new Date(t);
      const wall = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
      if (instantOf(wall) !== instantOfWallTime(wall, zone)) mismatches.push(formatWallTime(wall));
    }
    expect(mismatches).toEqual([]);
  });

  it('agrees minute by minute on the nights the clocks change', () => {
    const nights: Array<[string, string]> = [
      ['America/New_York', '2024-03-10T00:00:00Z'],
      ['America/New_York', '2024-11-03T00:00:00Z'],
      ['Australia/Lord_Howe', '2024-04-07T00:00:00Z'],
      ['America/St_Johns', '2024-11-03T00:00:00Z'],
    ];
    for (const [zone, night] of nights) {
      const instantOf = instantClockOf(zone);
      for (let t = Date.parse(night); t < Date.parse(night) + 6 * HOUR; t += 60_000) {
        const d = new Date(t);
        const wall = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: 0 };
        expect(instantOf(wall), `${zone} ${formatWallTime(wall)}`).toBe(instantOfWallTime(wall, zone));
      }
    }
  });
});
