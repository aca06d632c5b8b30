// errorDetails and bucketStartIsoIn: the props of an error event, and bucket labels as UTC instants.
import { describe, expect, it } from 'vitest';
import { bucketStartIsoIn } from './bucket-start-iso.js';
import { errorDetails } from './error-details.js';

describe('errorDetails', () => {
  it.each([
    [
      '{"message":"boom","stack":"at f","fileName":"a.js","lineNumber":3,"columnNumber":"14"}',
      { message: 'boom', stack: 'at f', fileName: 'a.js', lineNumber: 3, columnNumber: 14 },
    ],
    ['{"message":"boom","filename":"b.js","lineNumber":-1}', { message: 'boom', stack: null, fileName: 'b.js', lineNumber: null, columnNumber: null }],
    ['{"message":42,"lineNumber":"3a","columnNumber":1.5}', { message: '', stack: null, fileName: null, lineNumber: null, columnNumber: null }],
    ['not json', { message: '', stack: null, fileName: null, lineNumber: null, columnNumber: null }],
    ['[1,2]', { message: '', stack: null, fileName: null, lineNumber: null, columnNumber: null }],
  ])('reads %s', (props, expected) => {
    expect(errorDetails(props)).toEqual(expected);
  });
});

describe('bucketStartIsoIn', () => {
  it.each([
    ['2026-03-10 10:00:00', 'UTC', '2026-03-10T10:00:00.000Z'],
    ['2026-03-10 00:00:00', 'America/New_York', '2026-03-10T04:00:00.000Z'],
    ['2026-01-10 00:00:00', 'America/New_York', '2026-01-10T05:00:00.000Z'],
    ['2026-03-10 09:00:00', 'Asia/Kolkata', '2026-03-10T03:30:00.000Z'],
  ])('%s in %s starts at %s', (label, zone, expected) => {
    expect(bucketStartIsoIn(zone)(label)).toBe(expected);
  });
});
