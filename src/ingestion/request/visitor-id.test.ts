// Visitor ids checked against sha256 digests of the literal strings they must hash.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { visitorId, type VisitorIdInput } from './visitor-id.js';

const sha12 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 12);
const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';

describe('visitorId', () => {
  it.each<[string, VisitorIdInput, string]>([
    ['ip + user agent', { ip: '203.0.113.7', userAgent: UA, siteId: 1 }, sha12(`203.0.113.7${UA}`)],
    [
      'ip + user agent + salt',
      { ip: '203.0.113.7', userAgent: UA, siteId: 1, salt: 'c0ffee' },
      sha12(`203.0.113.7${UA}c0ffee`),
    ],
    ['an empty salt adds nothing', { ip: '203.0.113.7', userAgent: UA, siteId: 1, salt: '' }, sha12(`203.0.113.7${UA}`)],
    ['the site does not enter the ip hash', { ip: '203.0.113.7', userAgent: UA, siteId: 99 }, sha12(`203.0.113.7${UA}`)],
    ['anonymous id with a numeric site', { ip: '203.0.113.7', userAgent: UA, siteId: 42, anonymousId: 'dev-1' }, sha12('42:dev-1')],
    [
      'anonymous id with a public site id ignores ip and salt',
      { ip: '198.51.100.1', userAgent: 'x', siteId: 'a1b2c3', anonymousId: 'dev-1', salt: 's' },
      sha12('a1b2c3:dev-1'),
    ],
    ['an empty anonymous id falls back to the ip hash', { ip: '::1', userAgent: '', siteId: 1, anonymousId: '' }, sha12('::1')],
  ])('%s', (_name, input, expected) => {
    const id = visitorId(input);
    expect(id).toBe(expected);
    expect(id).toMatch(/^[0-9a-f]{12}$/);
  });

  it('matches a digest fixed in advance', () => {
    // sha256("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
    expect(visitorId({ ip: 'a', userAgent: 'b', siteId: 1, salt: 'c' })).toBe('ba7816bf8f01');
    expect(visitorId({ ip: '', userAgent: '', siteId: 'a', anonymousId: 'bc' })).toBe(sha12('a:bc'));
  });
});
