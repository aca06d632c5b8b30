// The sessions list's narrowing read from and written to the URL.
import { describe, expect, it } from 'vitest';
import { minimumOf, readNarrowing, writeNarrowing } from './session-narrowing';

describe('session narrowing', () => {
  it.each([['3', 3], ['0', 0], ['-1', undefined], ['1.5', undefined], ['abc', undefined], ['1000000001', undefined], [null, undefined]])('minimumOf(%s) is %s', (text, value) => {
    expect(minimumOf(text)).toBe(value);
  });

  it('reads what is well formed and ignores the rest', () => {
    expect(readNarrowing(new URLSearchParams('identified_only=true&min_pageviews=2&min_events=x&min_duration=30'))).toEqual({ identified_only: 'true', min_pageviews: 2, min_duration: 30 });
    expect(readNarrowing(new URLSearchParams('identified_only=yes'))).toEqual({});
  });

  it('writes the narrowing, keeps the view and returns to the first page', () => {
    const next = writeNarrowing(new URLSearchParams('period=30d&page=4&min_events=2'), { identified_only: 'true', min_pageviews: 3 });
    expect(next.toString()).toBe('period=30d&identified_only=true&min_pageviews=3');
  });
});
