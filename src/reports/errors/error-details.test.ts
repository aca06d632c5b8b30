// errorDetails: the props of an error event.
import { describe, expect, it } from 'vitest';
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
