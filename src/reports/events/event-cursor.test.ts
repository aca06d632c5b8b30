// The events cursor round-trips a position and refuses anything it did not make.
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './event-cursor.js';

describe('event cursor', () => {
  it('round-trips a position', () => {
    const position = { at: '2026-03-10 10:00:00.123', eventId: '0b7e2a44-4f7e-4c4b-9a52-0f9e6c1d2a3b' };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  it.each([
    ['not base64 of a position', 'garbage'],
    ['empty', ''],
    ['an impossible date', Buffer.from('2026-02-31 10:00:00.000|0b7e2a44-4f7e-4c4b-9a52-0f9e6c1d2a3b').toString('base64url')],
    ['hour 24', Buffer.from('2026-02-01 24:00:00.000|0b7e2a44-4f7e-4c4b-9a52-0f9e6c1d2a3b').toString('base64url')],
    ['a bad uuid', Buffer.from('2026-02-01 10:00:00.000|not-a-uuid').toString('base64url')],
    ['an SQL fragment', Buffer.from("2026-02-01 10:00:00.000|' OR 1=1 --").toString('base64url')],
  ])('rejects %s with 400 Invalid cursor', (_label, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(expect.objectContaining({ statusCode: 400, message: 'Invalid cursor' }));
  });
});
