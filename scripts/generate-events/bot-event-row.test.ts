import { describe, expect, it } from 'vitest';
import { formatTimestamp } from './bot-event-row.js';

describe('formatTimestamp', () => {
  it.each([
    [0, '1970-01-01 00:00:00.000'],
    [Date.UTC(2024, 5, 1, 12, 0, 0, 456), '2024-06-01 12:00:00.456'],
    [Date.UTC(2026, 10, 21, 23, 59, 59, 999), '2026-11-21 23:59:59.999'],
    [Date.UTC(2026, 10, 22, 0, 0, 0, 7), '2026-11-22 00:00:00.007'],
    [Date.UTC(2028, 1, 29, 9, 5, 3, 40), '2028-02-29 09:05:03.040'],
    [-1, '1969-12-31 23:59:59.999'],
  ])('%i -> %s', (ms, text) => {
    expect(formatTimestamp(ms)).toBe(text);
  });
});
