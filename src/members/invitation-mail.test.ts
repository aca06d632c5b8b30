// Table tests of the invitation link: every value is URL-encoded, nothing can change the path or host.
import { describe, expect, it } from 'vitest';
import { invitationEmail, invitationLink } from './invitation-mail.js';

describe('invitationLink', () => {
  it.each([
    [{ id: 'abc', organizationName: 'Acme', inviterEmail: 'owner@example.com' }, 'https://stats.example.com/invitation?invitationId=abc&organization=Acme&inviterEmail=owner%40example.com'],
    [{ id: 'x&y', organizationName: 'A & B/../x', inviterEmail: 'o@e.com' }, 'https://stats.example.com/invitation?invitationId=x%26y&organization=A+%26+B%2F..%2Fx&inviterEmail=o%40e.com'],
  ])('%j', (notice, expected) => {
    expect(invitationLink('https://stats.example.com', notice)).toBe(expected);
  });
});

describe('invitationEmail', () => {
  it('names the organization, the role and the link', () => {
    expect(invitationEmail('http://localhost:3001', {
      id: 'inv1', email: 'ann@example.com', role: 'member', organizationName: 'Acme', inviterEmail: 'owner@example.com', expiresAt: '2026-01-03T00:00:00.000Z',
    })).toEqual({
      to: 'ann@example.com',
      subject: 'Join Acme on Loupe',
      text: 'owner@example.com invited you to join Acme on Loupe as member.\n\nAccept the invitation (sign in or create an account with ann@example.com first):\n'
        + 'http://localhost:3001/invitation?invitationId=inv1&organization=Acme&inviterEmail=owner%40example.com\n\nThe invitation expires on 2026-01-03T00:00:00.000Z.',
    });
  });
});
