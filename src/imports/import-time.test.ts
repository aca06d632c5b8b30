// Timestamps and dates of imported rows: the spellings accepted, and those refused.
import { describe, expect, it } from 'vitest';
import { parseImportDate, parseImportTimestamp } from './import-time.js';

describe('parseImportTimestamp', () => {
  it.each([
    ['2026-03-02 09:00:00', '2026-03-02T09:00:00.000Z'],
    ['2026-03-02T09:00:00.5Z', '2026-03-02T09:00:00.500Z'],
    ['2026-03-02 09:00:00.123456', '2026-03-02T09:00:00.123Z'],
    ['2026-03-02T11:00:00+02:00', '2026-03-02T09:00:00.000Z'],
    ['2026-03-02T04:30:00-0430', '2026-03-02T09:00:00.000Z'],
  ])('reads %s', (text, iso) => {
    expect(new Date(parseImportTimestamp(text) ?? Number.NaN).toISOString()).toBe(iso);
  });

  it.each(['1969-12-31 23:59:59', '1970-01-01T00:30:00+01:00', '2026-02-30 10:00:00', '2026-03-02 24:00:00', '2026-03-02', '02/03/2026 10:00', '2026-03-02 10:00:00 UTC', ''])('refuses %s', (text) => {
    expect(parseImportTimestamp(text)).toBeUndefined();
  });

  it('reads dates that exist only', () => {
    expect([parseImportDate('2024-02-29'), parseImportDate('2026-02-29'), parseImportDate('2026-2-1')]).toEqual(['2024-02-29', undefined, undefined]);
  });
});
