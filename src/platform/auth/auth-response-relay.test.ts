// Unit tests of the better-auth relay's pure pieces: the Retry-After delay and the error body.
import { describe, expect, it } from 'vitest';
import { authErrorBody, retryAfterSeconds } from './auth-response-relay.js';

describe('retryAfterSeconds', () => {
  it.each([
    [{ 'x-retry-after': '42' }, 42],
    [{ 'x-retry-after': '0' }, 1],
    [{ 'x-retry-after': '-3' }, 1],
    [{ 'x-retry-after': '2.2' }, 3],
    [{ 'retry-after': '17' }, 17],
    [{ 'x-retry-after': 'soon' }, 60],
    [{ 'x-retry-after': ' ' }, 60],
    [{}, 60],
  ])('%j -> %i', (headers, expected) => {
    expect(retryAfterSeconds(new Headers(headers))).toBe(expected);
  });
});

describe('authErrorBody', () => {
  it.each([
    ['{"message":"Invalid email or password","code":"INVALID_EMAIL_OR_PASSWORD"}', 401, { message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD', error: 'Invalid email or password' }],
    ['{"message":"Too many requests. Please try again later."}', 429, { message: 'Too many requests. Please try again later.', error: 'Too many requests. Please try again later.' }],
    ['{"message":"","code":7}', 400, { message: 'Request failed (400)', error: 'Request failed (400)' }],
    ['null', 403, { message: 'Request failed (403)', error: 'Request failed (403)' }],
    ['"text in JSON"', 403, { message: 'Request failed (403)', error: 'Request failed (403)' }],
    ['Not Found', 404, { message: 'Not Found', error: 'Not Found' }],
    ['', 404, { message: 'Request failed (404)', error: 'Request failed (404)' }],
    ['{"message":"relation \\"session\\" does not exist"}', 500, { message: 'Internal server error', error: 'Internal server error' }],
  ])('%s (%i)', (text, status, expected) => {
    expect(authErrorBody(text, status)).toEqual(expected);
  });
});
