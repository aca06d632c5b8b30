// Table tests of the email renderer: headers stay on one line, addresses are checked, the body round-trips.
import { describe, expect, it } from 'vitest';
import { headerText, isSafeAddress, renderMessage } from './mail-message.js';

describe('isSafeAddress', () => {
  it.each([
    ['ann@example.com', true],
    ['a@b', true],
    ['ann@example.com>\r\nRCPT TO:<eve@example.com', false],
    ['ann example@example.com', false],
    ['@example.com', false],
    ['no-at-sign', false],
  ])('%j -> %s', (address, safe) => {
    expect(isSafeAddress(address)).toBe(safe);
  });
});

describe('headerText', () => {
  it.each([
    ['Join Acme on Loupe', 'Join Acme on Loupe'],
    ['Join Acme\r\nBcc: eve@example.com', 'Join Acme  Bcc: eve@example.com'],
    ['Rejoignez Société', `=?UTF-8?B?${Buffer.from('Rejoignez Société').toString('base64')}?=`],
  ])('%j', (value, expected) => {
    expect(headerText(value)).toBe(expected);
  });
});

describe('renderMessage', () => {
  it('renders headers and a base64 body whose lines never start with a dot', () => {
    const rendered = renderMessage({ from: 'loupe@example.com', to: 'ann@example.com', subject: 'Hi', text: '.line one\nline two' }, new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), 'id-1@loupe');
    const [head, body] = rendered.split('\r\n\r\n') as [string, string];
    expect(head.split('\r\n')).toEqual([
      'From: <loupe@example.com>', 'To: <ann@example.com>', 'Subject: Hi', 'Date: Fri, 02 Jan 2026 03:04:05 GMT', 'Message-ID: <id-1@loupe>',
      'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64',
    ]);
    expect(Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString('utf8')).toBe('.line one\r\nline two');
  });

  it('refuses an address that would add a recipient', () => {
    expect(() => renderMessage({ from: 'loupe@example.com', to: 'ann@example.com>\r\nRCPT TO:<eve@example.com', subject: 'x', text: 'x' }, new Date(0), 'x@y')).toThrow('Unsafe email address');
  });
});

describe('renderMessage with HTML', () => {
  it('puts the text and the HTML with its inline image in alternatives, and the extra headers on their own lines', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64');
    const rendered = renderMessage({
      from: 'loupe@example.com', to: 'ann@example.com', subject: 'Weekly', text: 'plain', html: '<p>rich</p>',
      images: [{ cid: 'chart.png', contentType: 'image/png', base64: png }],
      headers: { 'List-Unsubscribe': '<https://x.example/u?t=1>\r\nBcc: eve@example.com', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    }, new Date(0), 'id@x');
    const [head] = rendered.split('\r\n\r\n') as [string];
    expect(head).toContain('List-Unsubscribe: <https://x.example/u?t=1>  Bcc: eve@example.com');
    expect(head).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(head).toMatch(/Content-Type: multipart\/alternative; boundary="loupe-[0-9a-f]{24}"/);
    expect(rendered).toContain('Content-Type: text/plain; charset=utf-8');
    expect(rendered).toContain('Content-Type: text/html; charset=utf-8');
    expect(rendered).toMatch(/Content-Type: multipart\/related; boundary="loupe-[0-9a-f]{24}"/);
    expect(rendered).toContain('Content-ID: <chart.png>');
    expect(rendered).toContain(`\r\n${png}\r\n`);
  });

  it.each([
    [{ headers: { 'Bad Name': 'x' } }, 'Unsafe header name'],
    [{ html: '<p/>', images: [{ cid: 'a>b', contentType: 'image/png' as const, base64: '' }] }, 'Unsafe image content id'],
  ])('refuses %j', (extra, message) => {
    expect(() => renderMessage({ from: 'loupe@example.com', to: 'ann@example.com', subject: 'x', text: 'x', ...extra }, new Date(0), 'x@y')).toThrow(message);
  });
});
