// The site dashboard's pure state: periods and their previous periods, buckets, filters and the URL round trip.
import { describe, expect, it } from 'vitest';
import { addFilter, parseFilters, removeFilter, typesFor } from './filters';
import { bucketsFor, periodName, periodParams, previousParams, todayIn, type Period } from './period';
import { csvFileName } from '../components/csv';
import { readViewState, writeViewState } from './url-state';

const TODAY = '2024-03-15';

describe('periodParams and previousParams', () => {
  it.each<[Period, object, object | undefined]>([
    [{ key: 'today' }, { start_date: '2024-03-15', end_date: '2024-03-15' }, { start_date: '2024-03-14', end_date: '2024-03-14' }],
    [{ key: 'yesterday' }, { start_date: '2024-03-14', end_date: '2024-03-14' }, { start_date: '2024-03-13', end_date: '2024-03-13' }],
    [{ key: '24h' }, { past_minutes_start: 1440, past_minutes_end: 0 }, { past_minutes_start: 2880, past_minutes_end: 1440 }],
    [{ key: '7d' }, { start_date: '2024-03-09', end_date: '2024-03-15' }, { start_date: '2024-03-02', end_date: '2024-03-08' }],
    [{ key: '30d' }, { start_date: '2024-02-15', end_date: '2024-03-15' }, { start_date: '2024-01-16', end_date: '2024-02-14' }],
    [{ key: 'month' }, { start_date: '2024-03-01', end_date: '2024-03-15' }, { start_date: '2024-02-15', end_date: '2024-02-29' }],
    [{ key: 'last-month' }, { start_date: '2024-02-01', end_date: '2024-02-29' }, { start_date: '2024-01-03', end_date: '2024-01-31' }],
    [{ key: '12mo' }, { start_date: '2023-04-01', end_date: '2024-03-15' }, { start_date: '2022-04-16', end_date: '2023-03-31' }],
    [{ key: 'all' }, { start_date: '2000-01-01', end_date: '2024-03-15' }, undefined],
    [{ key: 'custom', from: '2024-03-10', to: '2024-03-01' }, { start_date: '2024-03-01', end_date: '2024-03-10' }, { start_date: '2024-02-20', end_date: '2024-02-29' }],
  ])('%j', (period, current, previous) => {
    expect(periodParams(period, 'Europe/Paris', TODAY)).toEqual({ ...current, time_zone: 'Europe/Paris' });
    expect(previousParams(period, 'Europe/Paris', TODAY)).toEqual(previous && { ...previous, time_zone: 'Europe/Paris' });
  });

  it('today is the date in the zone', () => {
    expect(todayIn('Pacific/Auckland', new Date('2024-03-15T12:00:00Z'))).toBe('2024-03-16');
    expect(todayIn('America/Los_Angeles', new Date('2024-03-15T03:00:00Z'))).toBe('2024-03-14');
  });

  it.each<[Period, string]>([[{ key: 'today' }, 'hour'], [{ key: '7d' }, 'day'], [{ key: '12mo' }, 'month'], [{ key: 'all' }, 'month']])('%j buckets by %s', (period, bucket) => {
    expect(bucketsFor(period, TODAY)[0]).toBe(bucket);
  });
});

describe('periodName', () => {
  it.each<[Period, string, string]>([
    [{ key: 'today' }, '2024-03-15', 'pages-all-2024-03-15.csv'],
    [{ key: '7d' }, '2024-03-09 to 2024-03-15', 'pages-all-2024-03-09-to-2024-03-15.csv'],
    [{ key: '24h' }, 'last 24 hours', 'pages-all-last-24-hours.csv'],
    [{ key: 'custom', from: '2024-03-10', to: '2024-03-01' }, '2024-03-01 to 2024-03-10', 'pages-all-2024-03-01-to-2024-03-10.csv'],
  ])('%j is "%s" (file %s)', (period, name, file) => {
    expect(periodName(period, TODAY)).toBe(name);
    expect(csvFileName('Pages, All', periodName(period, TODAY))).toBe(file);
  });
});

describe('filters', () => {
  it.each([
    [null, []],
    ['not json', []],
    ['{"parameter":"country"}', []],
    ['[{"parameter":"country","type":"equals","value":["FR"]}]', [{ parameter: 'country', type: 'equals', value: ['FR'] }]],
    ['[{"parameter":"country","type":"like","value":["FR"]},{"parameter":"city","type":"is_null"}]', [{ parameter: 'city', type: 'is_null', value: [] }]],
    ['[{"parameter":"browser_version","type":"greater_than","value":[100]}]', [{ parameter: 'browser_version', type: 'greater_than', value: ['100'] }]],
    ['[{"parameter":"country","type":"equals","value":[]}]', []],
  ])('parseFilters(%s)', (text, expected) => {
    expect(parseFilters(text)).toEqual(expected);
  });

  it('an equals filter replaces the equals on the same parameter; duplicates are not added; removal by index', () => {
    const fr = { parameter: 'country', type: 'equals', value: ['FR'] } as const;
    const de = { parameter: 'country', type: 'equals', value: ['DE'] } as const;
    const notIt = { parameter: 'country', type: 'not_equals', value: ['IT'] } as const;
    expect(addFilter([fr, notIt], de)).toEqual([notIt, de]);
    expect(addFilter([fr], fr)).toEqual([fr]);
    expect(removeFilter([fr, notIt], 0)).toEqual([notIt]);
  });

  it('offers greater/less than only where numeric', () => {
    expect(typesFor('country').map(({ type }) => type)).not.toContain('greater_than');
    expect(typesFor('browser_version').map(({ type }) => type)).toContain('less_than_or_equal');
  });
});

describe('view state in the URL', () => {
  it('reads defaults and round-trips changes, keeping org', () => {
    const empty = readViewState(new URLSearchParams('org=o1'), 'UTC');
    expect(empty).toEqual({ period: { key: '7d' }, compare: true, filters: [], segment: undefined, metric: 'users', bucket: undefined, timeZone: 'UTC' });
    const filters = [{ parameter: 'country', type: 'equals', value: ['FR'] } as const];
    const written = writeViewState(new URLSearchParams('org=o1&bucket=hour'), { period: { key: 'custom', from: '2024-01-01', to: '2024-01-31' }, compare: false, filters, metric: 'pageviews' });
    expect(written.toString()).toBe('org=o1&period=custom&from=2024-01-01&to=2024-01-31&compare=off&filters=%5B%7B%22parameter%22%3A%22country%22%2C%22type%22%3A%22equals%22%2C%22value%22%3A%5B%22FR%22%5D%7D%5D&metric=pageviews');
    expect(readViewState(written, 'Europe/Paris')).toEqual({
      period: { key: 'custom', from: '2024-01-01', to: '2024-01-31' }, compare: false, filters, segment: undefined, metric: 'pageviews', bucket: undefined, timeZone: 'Europe/Paris',
    });
  });

  it.each([
    ['segment=12', 12], ['segment=0', undefined], ['segment=abc', undefined], ['segment=2147483648', undefined], ['segment=2147483647', 2147483647],
  ])('reads %s as segment %s', (search, segment) => {
    expect(readViewState(new URLSearchParams(search), 'UTC').segment).toBe(segment);
  });

  it('writes and clears the segment, and a new selection returns to the first page', () => {
    const applied = writeViewState(new URLSearchParams('page=3&metric=sessions'), { segment: 7 });
    expect(applied.toString()).toBe('metric=sessions&segment=7');
    expect(writeViewState(applied, { segment: undefined }).toString()).toBe('metric=sessions');
    expect(writeViewState(new URLSearchParams('page=2'), { metric: 'pageviews' }).toString()).toBe('page=2&metric=pageviews');
  });
});
