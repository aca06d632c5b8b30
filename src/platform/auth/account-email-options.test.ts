// Which verification tokens confirm a change of address (the mail then says so), read from the token's claims.
import { describe, expect, it } from 'vitest';
import { confirmsAddressChange } from './account-email-options.js';

const token = (claims: unknown) => `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;

describe('confirmsAddressChange', () => {
  it.each([
    ['a change of address', token({ email: 'a@example.com', updateTo: 'b@example.com', requestType: 'change-email-verification' }), true],
    ['a sign-up verification', token({ email: 'a@example.com' }), false],
    ['claims that are not an object', token('text'), false],
    ['a token without claims', 'abc', false],
    ['claims that are not JSON', 'a.%%%.c', false],
  ])('%s', (_label, value, expected) => {
    expect(confirmsAddressChange(value)).toBe(expected);
  });
});
