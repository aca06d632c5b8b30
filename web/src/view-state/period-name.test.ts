// Periods in words, as the CSV file names carry them.
import { describe, expect, it } from 'vitest';
import { periodName } from './period-name';
import type { Period } from './period';

describe('periodName', () => {
  it.each<[Period, string]>([
    [{ key: '24h' }, 'last 24 hours'],
    [{ key: 'today' }, '2024-03-15'],
    [{ key: '7d' }, '2024-03-09 to 2024-03-15'],
    [{ key: 'custom', from: '2024-03-10', to: '2024-03-01' }, '2024-03-01 to 2024-03-10'],
  ])('%j is %s', (period, name) => {
    expect(periodName(period, '2024-03-15')).toBe(name);
  });
});
