// Table tests of SMTP_URL parsing.
import { describe, expect, it } from 'vitest';
import { parseSmtpUrl } from './smtp-url.js';

describe('parseSmtpUrl', () => {
  it.each([
    ['smtp://127.0.0.1:2525', { host: '127.0.0.1', port: 2525, implicitTls: false, credentials: undefined }],
    ['smtp://mail.example.com', { host: 'mail.example.com', port: 587, implicitTls: false, credentials: undefined }],
    ['smtps://mail.example.com', { host: 'mail.example.com', port: 465, implicitTls: true, credentials: undefined }],
    ['smtps://ann%40example.com:p%3Ass@mail.example.com:2465', { host: 'mail.example.com', port: 2465, implicitTls: true, credentials: { user: 'ann@example.com', password: 'p:ss' } }],
    ['smtp://[::1]:25', { host: '::1', port: 25, implicitTls: false, credentials: undefined }],
  ])('%s', (value, expected) => {
    expect(parseSmtpUrl(value)).toEqual(expected);
  });

  it.each([
    ['not a url', 'SMTP_URL must be a URL such as smtp://user:password@mail.example.com:587'],
    ['http://mail.example.com', 'SMTP_URL must start with smtp:// or smtps://'],
  ])('refuses %s', (value, message) => {
    expect(() => parseSmtpUrl(value)).toThrow(message);
  });

  it('never repeats the password in its errors', () => {
    expect(() => parseSmtpUrl('ftp://u:hunter2@x')).toThrow(/^((?!hunter2).)*$/);
  });
});
