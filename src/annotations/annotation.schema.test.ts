// normalizeAnnotationDate: accepted date forms become ISO 8601 UTC instants; anything else is refused.
import { describe, expect, it } from 'vitest';
import { normalizeAnnotationDate } from './annotation.schema.js';

describe('normalizeAnnotationDate', () => {
  it.each([
    ['2026-03-10', '2026-03-10T00:00:00.000Z'],
    ['2026-03-10T09:30', '2026-03-10T09:30:00.000Z'],
    ['2026-03-10T09:30:15', '2026-03-10T09:30:15.000Z'],
    ['2026-03-10T09:30:15.5Z', '2026-03-10T09:30:15.500Z'],
    ['2026-03-10T09:30:15.123456Z', '2026-03-10T09:30:15.123Z'],
    ['2026-03-10T09:30:00+01:00', '2026-03-10T08:30:00.000Z'],
    ['2026-03-10T23:30:00-0230', '2026-03-11T02:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
  ])('reads %s as %s', (input, expected) => {
    expect(normalizeAnnotationDate(input)).toBe(expected);
  });

  it.each(['', 'yesterday', '2026-3-10', '2026-02-29', '2026-13-01', '2026-03-10T24:00', '2026-03-10 09:30', '2026-03-10T09:30:00+25:00', '9999-12-31T23:00:00-05:00'])(
    'refuses %j',
    (input) => {
      expect(normalizeAnnotationDate(input)).toBeUndefined();
    },
  );
});
