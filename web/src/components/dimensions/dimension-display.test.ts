// Breakdown values as a reader sees them: country names and flags from codes, regions with their country, device
// types in words, referrers' domains, the bars' widths and the details view's search, sort and pages.
import { describe, expect, it } from 'vitest';
import { countryName } from './country-names';
import { displayValue } from './dimension-display';
import { referrerDomain } from './dimension-icon';
import { barWidth } from '../report-kit/breakdown-table';
import { DETAILS_PAGE_SIZE, detailsPage } from '../report-kit/breakdown-details';
import type { MetricEntry } from '../../api/types';

describe('dimension display', () => {
  it('names countries from the code', () => {
    expect([countryName('DE'), countryName('fr'), countryName('Atlantis')]).toEqual(['Germany', 'France', 'Atlantis']);
  });

  it('reads each dimension in words', () => {
    expect(displayValue('country', 'JP')).toBe('Japan');
    expect(displayValue('region', 'FR-IDF')).toBe('IDF, France');
    expect(displayValue('city', 'Ho-Chi Minh')).toBe('Ho-Chi Minh');
    expect(displayValue('device_type', 'mobile')).toBe('Mobile');
    expect(displayValue('browser', '')).toBe('(none)');
  });

  it('finds a referrer domain in a host or a URL, and nothing else', () => {
    expect([referrerDomain('www.google.com'), referrerDomain('https://news.ycombinator.com/item?id=1'), referrerDomain('Direct'), referrerDomain('')]).toEqual([
      'www.google.com', 'news.ycombinator.com', undefined, undefined,
    ]);
  });

  it('draws bars against the largest row', () => {
    expect([barWidth(50, 200), barWidth(200, 200), barWidth(1, 100_000), barWidth(0, 0)]).toEqual([25, 100, 1, 0]);
  });
});

describe('details view', () => {
  const row = (value: string, count: number, bounce = 0): MetricEntry => ({ value, count, percentage: 0, sessions: count, pageviews: count, pageviews_percentage: 0, bounce_rate: bounce });
  const rows = Array.from({ length: 60 }, (_unused, index) => row(`/page-${index}`, 100 - index, index % 7));
  const same = (value: string) => value;

  it('pages the list 25 rows at a time, largest count first', () => {
    const first = detailsPage(rows, same, '', 'count', true, 1);
    expect([first.rows.length, first.pages, first.matching, first.rows[0]?.value]).toEqual([DETAILS_PAGE_SIZE, 3, 60, '/page-0']);
    const last = detailsPage(rows, same, '', 'count', true, 3);
    expect(last.rows.map((entry) => entry.value)).toEqual(Array.from({ length: 10 }, (_unused, index) => `/page-${50 + index}`));
    expect(detailsPage(rows, same, '', 'count', true, 99).rows[0]?.value).toBe('/page-50');
  });

  it('searches the shown text and sorts by name or bounce rate', () => {
    const found = detailsPage(rows, same, 'PAGE-1', 'value', false, 1);
    expect(found.rows.map((entry) => entry.value)).toEqual(['/page-1', '/page-10', '/page-11', '/page-12', '/page-13', '/page-14', '/page-15', '/page-16', '/page-17', '/page-18', '/page-19']);
    const countries = [row('DE', 3), row('FR', 2)];
    expect(detailsPage(countries, (value) => displayValue('country', value), 'fran', 'count', true, 1).rows.map((entry) => entry.value)).toEqual(['FR']);
    expect(detailsPage(rows, same, '', 'bounce_rate', true, 1).rows[0]?.bounce_rate).toBe(6);
  });
});
