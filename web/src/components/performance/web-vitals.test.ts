// Ratings at and around each published threshold, and how figures are written.
import { describe, expect, it } from 'vitest';
import { figureKey, formatVital, rateVital, thresholdText, vitalOf, type VitalKey } from './web-vitals';

describe('rateVital', () => {
  it.each<[VitalKey, number, string]>([
    ['lcp', 2500, 'good'], ['lcp', 2500.01, 'needs-improvement'], ['lcp', 4000, 'needs-improvement'], ['lcp', 4000.01, 'poor'],
    ['cls', 0.1, 'good'], ['cls', 0.1001, 'needs-improvement'], ['cls', 0.25, 'needs-improvement'], ['cls', 0.2501, 'poor'],
    ['inp', 200, 'good'], ['inp', 201, 'needs-improvement'], ['inp', 500, 'needs-improvement'], ['inp', 501, 'poor'],
    ['fcp', 1800, 'good'], ['fcp', 1801, 'needs-improvement'], ['fcp', 3000, 'needs-improvement'], ['fcp', 3001, 'poor'],
    ['ttfb', 800, 'good'], ['ttfb', 801, 'needs-improvement'], ['ttfb', 1800, 'needs-improvement'], ['ttfb', 1801, 'poor'],
    ['lcp', 0, 'good'],
  ])('%s %d is %s', (key, value, rating) => {
    expect(rateVital(vitalOf(key), value)).toBe(rating);
  });

  it('has no rating without samples', () => {
    expect(rateVital(vitalOf('inp'), null)).toBeUndefined();
    expect(rateVital(vitalOf('inp'), undefined)).toBeUndefined();
  });
});

describe('formatVital', () => {
  it.each<[VitalKey, number | null, string]>([
    ['lcp', 850, '850 ms'], ['lcp', 72.5, '73 ms'], ['lcp', 330.8, '331 ms'], ['lcp', 999.4, '999 ms'], ['lcp', 999.6, '1 s'], ['lcp', 1000, '1 s'],
    ['lcp', 2612.34, '2.61 s'], ['ttfb', 12_345, '12.35 s'], ['cls', 0.0475, '0.05'], ['cls', 0.1575, '0.16'],
    ['cls', 0, '0'], ['fcp', null, '–'],
  ])('%s %s is %s', (key, value, text) => {
    expect(formatVital(vitalOf(key), value)).toBe(text);
  });

  it('writes the thresholds', () => {
    expect(thresholdText(vitalOf('lcp'))).toBe('good ≤ 2.5 s, poor > 4 s');
    expect(thresholdText(vitalOf('cls'))).toBe('good ≤ 0.1, poor > 0.25');
    expect(thresholdText(vitalOf('ttfb'))).toBe('good ≤ 800 ms, poor > 1.8 s');
  });

  it('names the API field of a vital at a percentile', () => {
    expect(figureKey('inp', 'p90')).toBe('inp_p90');
  });
});
