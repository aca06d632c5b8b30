// The site dashboard's pure pieces: deltas, annotation buckets and the map's country codes.
import { describe, expect, it } from 'vitest';
import { rankVersions, versionText } from './versions-tab';
import { bucketIndexOf, wallTimeIn, wallToLocalInput, zonedWallToIso } from '../report-kit/chart-annotations';
import { alpha2Of, numericOf } from '../report-kit/country-codes';
import { changePercent } from './top-line-cards';
import { BREAKDOWN_CARDS, firstQuestionsOf, SHARED_BREAKDOWNS } from './breakdown-cards';

describe('changePercent', () => {
  it.each([[150, 100, 50], [50, 100, -50], [1, 3, -66.7], [5, 0, undefined], [0, 0, undefined]])('%d against %d is %s', (current, previous, change) => {
    expect(changePercent(current, previous)).toBe(change);
  });
});

describe('annotations on the series', () => {
  const labels = ['2024-03-01 00:00:00', '2024-03-02 00:00:00', '2024-03-03 00:00:00'];
  it.each([
    ['2024-02-29 23:00:00', undefined],
    ['2024-03-01 00:00:00', 0],
    ['2024-03-02 12:30:00', 1],
    ['2024-03-09 00:00:00', 2],
  ])('%s falls in bucket %s', (wall, index) => {
    expect(bucketIndexOf(labels, wall, undefined)).toBe(index);
  });

  it('reads instants as wall time in the zone', () => {
    expect(wallTimeIn('2024-03-01T23:30:00.000Z', 'Europe/Paris')).toBe('2024-03-02 00:30:00');
    expect(wallTimeIn('2024-03-01T00:00:00.000Z', 'UTC')).toBe('2024-03-01 00:00:00');
  });

  it.each([
    ['2024-03-02 00:00:00', 'UTC', '2024-03-02T00:00:00.000Z'],
    ['2024-03-02 00:30', 'Europe/Paris', '2024-03-01T23:30:00.000Z'],
    ['2024-07-14T09:15', 'Europe/Paris', '2024-07-14T07:15:00.000Z'],
    ['2024-03-31 12:00:00', 'Europe/Paris', '2024-03-31T10:00:00.000Z'],
    ['2024-11-03 00:00:00', 'America/New_York', '2024-11-03T04:00:00.000Z'],
    ['2024-11-04 00:00:00', 'America/New_York', '2024-11-04T05:00:00.000Z'],
    ['2024-03-02', 'UTC', undefined],
  ])('the wall time %s in %s is the instant %s', (wall, zone, iso) => {
    expect(zonedWallToIso(wall, zone)).toBe(iso);
  });

  it('turns a bucket label into a datetime-local value', () => {
    expect(wallToLocalInput('2024-03-02 13:00:00')).toBe('2024-03-02T13:00');
  });
});

describe('country codes', () => {
  it.each([['US', '840'], ['fr', '250'], ['DE', '276'], ['GB', '826'], ['JP', '392'], ['XX', undefined]])('%s is %s', (alpha2, numeric) => {
    expect(numericOf(alpha2)).toBe(numeric);
  });
  it('maps back', () => expect(alpha2Of('076')).toBe('BR'));
});

describe('browser versions named with their browser', () => {
  it('ranks the pairs of every browser by sessions, names them "Safari 17", and keeps the same number of two browsers apart', () => {
    const ranked = rankVersions([
      { parent: 'Chrome', rows: [{ value: '126', count: 40 }, { value: '17', count: 2 }] },
      { parent: 'Safari', rows: [{ value: '17', count: 12 }, { value: '', count: 1 }] },
    ], 3);
    expect(ranked).toEqual([
      { parent: 'Chrome', version: '126', count: 40 },
      { parent: 'Safari', version: '17', count: 12 },
      { parent: 'Chrome', version: '17', count: 2 },
    ]);
    expect(ranked.map((row) => versionText(row.parent, row.version))).toEqual(['Chrome 126', 'Safari 17', 'Chrome 17']);
    expect(versionText('Safari', '')).toBe('Safari (unknown version)');
  });
});

describe('the breakdowns asked together', () => {
  it('are the first /metric tab of every card, in the cards\' order (the map asks 300 countries)', () => {
    expect(SHARED_BREAKDOWNS).toEqual(firstQuestionsOf(BREAKDOWN_CARDS));
    expect(SHARED_BREAKDOWNS.map((entry) => `${entry.parameter}:${entry.limit}`)).toEqual([
      'pathname:10', 'channel:10', 'country:300', 'browser:10', 'language:10', 'hostname:10', 'event_name:10',
    ]);
  });
});
