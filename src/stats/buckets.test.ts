// Bucket SQL text, bucket labels in JavaScript, and the list of labels a range spans (across DST).
import { describe, expect, it } from 'vitest';
import { StatsParamError } from './bad-request-error.js';
import { bucketLabel, bucketLabelsBetween, bucketSql, type Bucket } from './buckets.js';

const at = (iso: string) => Date.parse(iso);

describe('bucketSql', () => {
  const tz = '{bucket_tz:String}';
  const label = (key: string) => `formatDateTime(${key}, '%Y-%m-%d %H:%i:%S', ${tz})`;
  it.each<[Bucket, string, string]>([
    ['minute', 'toStartOfMinute(timestamp)', label('toStartOfMinute(timestamp)')],
    ['fifteen_minutes', `toStartOfInterval(timestamp, INTERVAL 15 MINUTE, ${tz})`, label(`toStartOfInterval(timestamp, INTERVAL 15 MINUTE, ${tz})`)],
    ['hour', `toStartOfHour(timestamp, ${tz})`, label(`toStartOfHour(timestamp, ${tz})`)],
    ['day', `toStartOfDay(timestamp, ${tz})`, label(`toStartOfDay(timestamp, ${tz})`)],
    ['week', `toMonday(timestamp, ${tz})`, `concat(toString(toMonday(timestamp, ${tz})), ' 00:00:00')`],
    ['month', `toStartOfMonth(timestamp, ${tz})`, `concat(toString(toStartOfMonth(timestamp, ${tz})), ' 00:00:00')`],
    ['year', `toStartOfYear(timestamp, ${tz})`, `concat(toString(toStartOfYear(timestamp, ${tz})), ' 00:00:00')`],
  ])('%s', (bucket, key, sql) => {
    expect(bucketSql(bucket, 'America/New_York')).toEqual({ key, sql, params: { bucket_tz: 'America/New_York' } });
  });

  it('takes a column and a parameter name', () => {
    expect(bucketSql('hour', 'UTC', 'e.timestamp', 'tz')).toEqual({
      key: 'toStartOfHour(e.timestamp, {tz:String})',
      sql: "formatDateTime(toStartOfHour(e.timestamp, {tz:String}), '%Y-%m-%d %H:%i:%S', {tz:String})",
      params: { tz: 'UTC' },
    });
  });
});

describe('bucketLabel', () => {
  it.each<[string, Bucket, string, string]>([
    ['2024-06-05T13:47:31.5Z', 'minute', 'UTC', '2024-06-05 13:47:00'],
    ['2024-06-05T13:47:31Z', 'five_minutes', 'America/New_York', '2024-06-05 09:45:00'],
    ['2024-06-05T13:47:31Z', 'ten_minutes', 'Asia/Kolkata', '2024-06-05 19:10:00'],
    ['2024-06-05T13:47:31Z', 'fifteen_minutes', 'Asia/Kolkata', '2024-06-05 19:15:00'],
    ['2024-06-05T13:47:31Z', 'hour', 'Asia/Kolkata', '2024-06-05 19:00:00'],
    ['2024-06-05T03:00:00Z', 'day', 'America/New_York', '2024-06-04 00:00:00'],
    ['2024-06-09T12:00:00Z', 'week', 'UTC', '2024-06-03 00:00:00'],
    ['2024-06-03T02:00:00Z', 'week', 'America/New_York', '2024-05-27 00:00:00'],
    ['2024-06-01T02:00:00Z', 'month', 'America/New_York', '2024-05-01 00:00:00'],
    ['2025-01-01T02:00:00Z', 'year', 'America/New_York', '2024-01-01 00:00:00'],
  ])('%s by %s in %s', (iso, bucket, zone, label) => {
    expect(bucketLabel(at(iso), bucket, zone)).toBe(label);
  });
});

describe('bucketLabelsBetween', () => {
  it.each<[string, string, string, Bucket, string, string[]]>([
    [
      'days across the spring change',
      '2024-03-09T05:00:00Z', '2024-03-12T03:59:59.999Z', 'day', 'America/New_York',
      ['2024-03-09 00:00:00', '2024-03-10 00:00:00', '2024-03-11 00:00:00'],
    ],
    [
      'days across the autumn change',
      '2024-11-02T04:00:00Z', '2024-11-04T04:59:59.999Z', 'day', 'America/New_York',
      ['2024-11-02 00:00:00', '2024-11-03 00:00:00'],
    ],
    [
      'hours skip 02:00 in spring',
      '2024-03-10T05:00:00Z', '2024-03-10T08:59:59.999Z', 'hour', 'America/New_York',
      ['2024-03-10 00:00:00', '2024-03-10 01:00:00', '2024-03-10 03:00:00', '2024-03-10 04:00:00'],
    ],
    [
      'the repeated 01:00 hour in autumn is one bucket',
      '2024-11-03T04:00:00Z', '2024-11-03T07:59:59.999Z', 'hour', 'America/New_York',
      ['2024-11-03 00:00:00', '2024-11-03 01:00:00', '2024-11-03 02:00:00'],
    ],
    [
      'fifteen minutes from an unaligned start',
      '2024-06-01T10:07:00Z', '2024-06-01T10:45:00Z', 'fifteen_minutes', 'UTC',
      ['2024-06-01 10:00:00', '2024-06-01 10:15:00', '2024-06-01 10:30:00', '2024-06-01 10:45:00'],
    ],
    [
      'weeks start on Monday',
      '2024-06-01T00:00:00Z', '2024-06-17T00:00:00Z', 'week', 'UTC',
      ['2024-05-27 00:00:00', '2024-06-03 00:00:00', '2024-06-10 00:00:00', '2024-06-17 00:00:00'],
    ],
    [
      'months across a year end',
      '2024-11-15T00:00:00Z', '2025-01-15T00:00:00Z', 'month', 'UTC',
      ['2024-11-01 00:00:00', '2024-12-01 00:00:00', '2025-01-01 00:00:00'],
    ],
    ['years', '2023-06-01T00:00:00Z', '2024-06-01T00:00:00Z', 'year', 'UTC', ['2023-01-01 00:00:00', '2024-01-01 00:00:00']],
    ['an empty range', '2024-06-02T00:00:00Z', '2024-06-01T00:00:00Z', 'day', 'UTC', []],
  ])('%s', (_name, from, last, bucket, zone, labels) => {
    expect(bucketLabelsBetween(at(from), at(last), bucket, zone)).toEqual(labels);
  });

  it('refuses more than 10,000 buckets, naming bucket', () => {
    const run = () => bucketLabelsBetween(at('2024-01-01T00:00:00Z'), at('2024-02-01T00:00:00Z'), 'minute', 'UTC');
    expect(run).toThrow(StatsParamError);
    expect(run).toThrow(expect.objectContaining({ parameter: 'bucket' }));
  });
});
