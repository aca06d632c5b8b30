// Table tests of the invitation link: every value is URL-encoded, nothing can change the path or host.
import { describe, expect, it } from 'vitest';
import { invitationEmail, invitationLink } from './invitation-mail.js';

describe('invitationLink', () => {
  it.each([
    [{ id: 'abc', token: 'T0k-_', organizationName: 'Acme', inviterEmail: 'owner@example.com' }, 'https://stats.example.com/invitation?invitationId=abc.T0k-_&organization=Acme&inviterEmail=owner%40example.com'],
    [{ id: 'x&y', token: 'z', organizationName: 'A & B/../x', inviterEmail: 'o@e.com' }, 'https://stats.example.com/invitation?invitationId=x%26y.z&organization=A+%26+B%2F..%2Fx&inviterEmail=o%40e.com'],
  ])('%j', (notice, expected) => {
    expect(invitationLink('https://stats.example.com', notice)).toBe(expected);
  });
});

describe('invitationEmail', () => {
  it('names the organization, the role and the link', () => {
    expect(invitationEmail('http://localhost:3001', {
      id: 'inv1', token: 'secret', email: 'ann@example.com', role: 'member', organizationName: 'Acme', inviterEmail: 'owner@example.com', expiresAt: '2026-01-03T00:00:00.000Z',
    })).toEqual({
      to: 'ann@example.com',
      subject: 'Join Acme on Loupe',
      text: 'owner@example.com invited you to join Acme on Loupe as member.\n\nOpen this link to accept it (there you create your account with ann@example.com, or sign in to it):\n'
        + 'http://localhost:3001/invitation?invitationId=inv1.secret&organization=Acme&inviterEmail=owner%40example.com\n\nThe invitation expires on 2026-01-03T00:00:00.000Z.',
    });
  });
});
