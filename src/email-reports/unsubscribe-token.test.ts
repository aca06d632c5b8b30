// Unsubscribe tokens: round trip, and refusal of anything altered or signed with another secret.
import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token.js';

describe('unsubscribe tokens', () => {
  const claim = { userId: 'user-1', siteId: 7, kind: 'weekly' as const };
  const token = unsubscribeToken('secret-a', claim);

  it('round-trips', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(readUnsubscribeToken('secret-a', token)).toEqual(claim);
  });

  it.each([
    ['another secret', () => readUnsubscribeToken('secret-b', token)],
    ['another body', () => readUnsubscribeToken('secret-a', `${unsubscribeToken('secret-a', { ...claim, siteId: 8 }).split('.')[0]}.${token.split('.')[1]}`)],
    ['no signature', () => readUnsubscribeToken('secret-a', token.split('.')[0] ?? '')],
    ['an extra part', () => readUnsubscribeToken('secret-a', `${token}.x`)],
    ['garbage', () => readUnsubscribeToken('secret-a', '%%%.%%%')],
    ['a huge token', () => readUnsubscribeToken('secret-a', 'a'.repeat(5000))],
  ])('refuses %s', (_name, read) => {
    expect(read()).toBeUndefined();
  });
});
