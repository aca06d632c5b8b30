// The display forms of the sessions and users pages.
import { describe, expect, it } from 'vitest';
import { formatApiTime, formatDuration, isoOfApiTime, traitEntries } from './people-format';

describe('API times', () => {
  it.each([
    ['2026-03-10 10:00:30', '2026-03-10T10:00:30.000Z'],
    ['2026-03-10 10:00:30.250', '2026-03-10T10:00:30.250Z'],
    ['2026-03-10T10:00:30Z', undefined],
    ['', undefined],
  ])('isoOfApiTime(%s)', (text, iso) => {
    expect(isoOfApiTime(text)).toBe(iso);
  });

  it('shows them in the zone of the view', () => {
    expect(formatApiTime('2026-03-10 23:30:00', 'Europe/Paris', 'en-GB')).toBe('11 Mar 2026, 00:30:00');
    expect(formatApiTime('2026-03-10 23:30:00.500', 'UTC', 'en-GB')).toBe('10 Mar 2026, 23:30:00');
    expect(formatApiTime('soon', 'UTC')).toBe('soon');
  });
});

describe('formatDuration', () => {
  it.each([[0, '0s'], [30, '30s'], [75.5, '1m 16s'], [1.25, '1.3s'], [3600 + 180, '1h 03m'], [-1, '–'], [Number.NaN, '–']])('%s -> %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('traitEntries', () => {
  it('gives strings as they are and other values as JSON; nothing for null or arrays', () => {
    expect(traitEntries({ plan: 'pro', seats: 3, beta: true, tags: ['a'] })).toEqual([['plan', 'pro'], ['seats', '3'], ['beta', 'true'], ['tags', '["a"]']]);
    expect(traitEntries(null)).toEqual([]);
    expect(traitEntries(['a'])).toEqual([]);
  });
});

describe('viewSearch', () => {
  it('keeps the view and drops a list\'s own state', async () => {
    const { viewSearch } = await import('./people-links');
    expect(viewSearch(new URLSearchParams('period=30d&page=3&sort=sessions&segment=4&tz=UTC&trait=plan'))).toBe('?period=30d&tz=UTC&segment=4');
    expect(viewSearch(new URLSearchParams('page=2'))).toBe('');
    expect(viewSearch(new URLSearchParams('embed=true&page=2&theme=dark&background=0f172a'))).toBe('?embed=true&theme=dark&background=0f172a');
  });
});
