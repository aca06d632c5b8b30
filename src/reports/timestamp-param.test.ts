// Both timestamp forms read as the same UTC instant; anything else, or an instant the store cannot hold, is refused.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readTimestamp, timestampParam } from './timestamp-param.js';

describe('readTimestamp', () => {
  it.each([
    ['2026-03-11 09:00:07', '2026-03-11T09:00:07.000Z'],
    ['2026-03-11 09:00:07.123', '2026-03-11T09:00:07.123Z'],
    ['2026-03-11T09:00:07.123Z', '2026-03-11T09:00:07.123Z'],
    ['2026-03-11T09:00:07Z', '2026-03-11T09:00:07.000Z'],
    ['2026-03-11T11:00:07+02:00', '2026-03-11T09:00:07.000Z'],
    ['1900-01-01 00:00:00', '1900-01-01T00:00:00.000Z'],
  ])('%s is %s', (text, iso) => {
    expect(readTimestamp(text)?.toISOString()).toBe(iso);
  });

  it.each(['2026-02-30 10:00:00', '2026-03-11', 'yesterday', '1899-12-31 23:59:59', '2300-01-01 00:00:00', '2026-03-11 24:00:00'])(
    'refuses %s',
    (text) => {
      expect(readTimestamp(text)).toBeUndefined();
    },
  );
});

describe('timestampParam', () => {
  const schema = z.object({ before_timestamp: timestampParam() });
  it('reads absent and empty values as absent', () => {
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ before_timestamp: '' })).toEqual({ before_timestamp: undefined });
  });
  it('reads a value as its instant and refuses a bad one', () => {
    expect(schema.parse({ before_timestamp: '2026-03-11 09:00:07' }).before_timestamp?.toISOString()).toBe('2026-03-11T09:00:07.000Z');
    expect(schema.safeParse({ before_timestamp: '2026-03-11 9:00' }).success).toBe(false);
    expect(schema.safeParse({ before_timestamp: 'x'.repeat(41) }).success).toBe(false);
  });
});
