// Client address selection from proxy headers and the socket.
import { describe, expect, it } from 'vitest';
import { clientIp, normalizeIp, type RequestHeaders } from './client-ip.js';

const SOCKET = '10.0.0.2';

describe('clientIp', () => {
  it.each<[string, RequestHeaders, string | undefined, boolean, string]>([
    ['untrusted proxy ignores headers', { 'x-real-ip': '198.51.100.1', 'x-forwarded-for': '198.51.100.2' }, SOCKET, false, SOCKET],
    ['x-real-ip first', { 'x-real-ip': '198.51.100.1', 'x-forwarded-for': '198.51.100.2', 'cf-connecting-ip': '198.51.100.3' }, SOCKET, true, '198.51.100.1'],
    ['first x-forwarded-for entry', { 'x-forwarded-for': '198.51.100.2, 10.0.0.9, 10.0.0.1', 'cf-connecting-ip': '198.51.100.3' }, SOCKET, true, '198.51.100.2'],
    ['cf-connecting-ip last', { 'cf-connecting-ip': '2001:db8::7' }, SOCKET, true, '2001:db8::7'],
    ['no proxy headers', {}, SOCKET, true, SOCKET],
    ['header given as an array', { 'x-forwarded-for': ['198.51.100.4, 10.0.0.1', '198.51.100.5'] }, SOCKET, true, '198.51.100.4'],
    ['garbage header skipped', { 'x-real-ip': 'unknown', 'x-forwarded-for': '198.51.100.6' }, SOCKET, true, '198.51.100.6'],
    ['empty header skipped', { 'x-real-ip': '', 'cf-connecting-ip': '198.51.100.7' }, SOCKET, true, '198.51.100.7'],
    ['mapped IPv4 in a header', { 'x-real-ip': '::ffff:198.51.100.8' }, SOCKET, true, '198.51.100.8'],
    ['mapped IPv4 socket', {}, '::ffff:127.0.0.1', false, '127.0.0.1'],
    ['IPv6 socket', {}, '::1', false, '::1'],
    ['port on a forwarded IPv4', { 'x-forwarded-for': '198.51.100.9:5123' }, SOCKET, true, '198.51.100.9'],
    ['bracketed IPv6 with port', { 'x-forwarded-for': '[2001:db8::9]:443' }, SOCKET, true, '2001:db8::9'],
    ['no socket address', {}, undefined, false, ''],
  ])('%s', (_name, headers, socket, trust, expected) => {
    expect(clientIp(headers, socket, trust)).toBe(expected);
  });
});

describe('normalizeIp', () => {
  it.each([
    ['203.0.113.1', '203.0.113.1'],
    ['::FFFF:203.0.113.1', '203.0.113.1'],
    ['::ffff:cb00:7101', '::ffff:cb00:7101'],
    ['2001:db8::1', '2001:db8::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['[2001:db8::1', ''],
    ['203.0.113.1:80', '203.0.113.1'],
    ['localhost', ''],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeIp(input)).toBe(expected);
  });
});
