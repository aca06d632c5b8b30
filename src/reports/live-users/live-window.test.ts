// The live window inside a report's range: which bounds apply and when they do not meet.
import { describe, expect, it } from 'vitest';
import { liveWindow } from './live-user-count.query.js';

const at = (iso: string) => new Date(iso);
const now = at('2026-03-20T12:00:00Z');
const range = (from: string | undefined, to: string | undefined, toInclusive = false) => ({
  ...(from ? { from: at(from) } : {}),
  ...(to ? { to: at(to) } : {}),
  toInclusive,
  timeZone: 'UTC',
});

describe('liveWindow', () => {
  it('is the last minutes up to now, inclusive, inside a range that holds them', () => {
    expect(liveWindow(range('2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z'), now, 5)).toEqual(range('2026-03-20T11:55:00Z', '2026-03-20T12:00:00Z', true));
    expect(liveWindow(range(undefined, undefined), now, 5)).toEqual(range('2026-03-20T11:55:00Z', '2026-03-20T12:00:00Z', true));
  });

  it('takes the range bound that comes first, with its own inclusiveness', () => {
    expect(liveWindow(range('2026-03-20T11:58:00Z', '2026-03-20T11:59:00Z'), now, 5)).toEqual(range('2026-03-20T11:58:00Z', '2026-03-20T11:59:00Z'));
    expect(liveWindow(range('2026-03-20T00:00:00Z', '2026-03-20T12:00:00Z'), now, 5)).toEqual(range('2026-03-20T11:55:00Z', '2026-03-20T12:00:00Z'));
    expect(liveWindow(range('2026-03-20T00:00:00Z', '2026-03-20T12:00:00Z', true), now, 5)).toEqual(range('2026-03-20T11:55:00Z', '2026-03-20T12:00:00Z', true));
  });

  it('is undefined when the range and the window do not meet', () => {
    expect(liveWindow(range('2026-03-19T00:00:00Z', '2026-03-20T11:55:00Z'), now, 5)).toBeUndefined();
    expect(liveWindow(range('2026-03-20T12:00:00.001Z', undefined), now, 5)).toBeUndefined();
    expect(liveWindow(range('2026-03-19T00:00:00Z', '2026-03-20T11:55:00Z', true), now, 5)).toEqual(range('2026-03-20T11:55:00Z', '2026-03-20T11:55:00Z', true));
  });
});
