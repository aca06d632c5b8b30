// The account mails' links and texts: the dashboard page with the token, and nothing a user typed.
import { describe, expect, it } from 'vitest';
import { resetEmail, resetLink, verificationEmail, verificationLink } from './account-mail.js';

const BASE = 'https://stats.example.com';

describe('account mail', () => {
  it('links to the dashboard pages with the token as the only parameter', () => {
    expect(verificationLink(BASE, 'a.b-c_d')).toBe('https://stats.example.com/verify-email?token=a.b-c_d');
    expect(resetLink(BASE, 'Abc123')).toBe('https://stats.example.com/reset-password?token=Abc123');
    expect(resetLink(`${BASE}/`, 'a&b=c')).toBe('https://stats.example.com/reset-password?token=a%26b%3Dc');
  });

  it('writes the verification mail, for a new account and for a new address', () => {
    expect(verificationEmail(BASE, { email: 'ada@example.com', token: 't1', newAddress: false })).toEqual({
      to: 'ada@example.com',
      subject: 'Verify your email address for Loupe',
      text: 'A Loupe account at stats.example.com was created with ada@example.com.\n\nTo confirm that this address is yours, open:\n'
        + 'https://stats.example.com/verify-email?token=t1\n\nThe link is valid for 24 hours. If you did not ask for this, ignore this mail.',
    });
    expect(verificationEmail(BASE, { email: 'new@example.com', token: 't2', newAddress: true })).toMatchObject({
      to: 'new@example.com', subject: 'Confirm your new email address for Loupe',
    });
  });

  it('writes the reset mail', () => {
    const mail = resetEmail(BASE, { email: 'ada@example.com', token: 'r1' });
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toBe('Reset your Loupe password');
    expect(mail.text.split('\n')).toEqual([
      'Someone asked to reset the password of the Loupe account for ada@example.com at stats.example.com.',
      '',
      'To choose a new password, open:',
      'https://stats.example.com/reset-password?token=r1',
      '',
      'The link is valid for 1 hour and works once; setting a new password signs the account out everywhere.',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ]);
  });
});
