// Client address selection from proxy headers and the socket.
import { describe, expect, it } from 'vitest';
import { trustFunction, type TrustFunction } from '../../platform/http/proxy-trust.js';
import { clientIp, normalizeIp, type RequestHeaders } from './client-ip.js';

const SOCKET = '10.0.0.2';
const NONE = undefined;
const ONE_HOP = trustFunction({ hops: 1 });
const THREE_HOPS = trustFunction({ hops: 3 });
const PRIVATE_PROXIES = trustFunction({ addresses: ['10.0.0.0/8'] });
const OTHER_PROXY = trustFunction({ addresses: ['192.0.2.1'] });

describe('clientIp', () => {
  it.each<[string, RequestHeaders, string | undefined, TrustFunction | undefined, string]>([
    ['untrusted proxy ignores headers', { 'x-real-ip': '198.51.100.1', 'x-forwarded-for': '198.51.100.2' }, SOCKET, NONE, SOCKET],
    ['a peer outside the listed proxies is the client', { 'x-real-ip': '198.51.100.1', 'x-forwarded-for': '198.51.100.2' }, SOCKET, OTHER_PROXY, SOCKET],
    ['x-real-ip first', { 'x-real-ip': '198.51.100.1', 'x-forwarded-for': '198.51.100.2', 'cf-connecting-ip': '198.51.100.3' }, SOCKET, ONE_HOP, '198.51.100.1'],
    ['one hop: the entry the proxy appended, not the spoofed ones left of it', { 'x-forwarded-for': '198.51.100.2, 10.0.0.9, 10.0.0.1', 'cf-connecting-ip': '198.51.100.3' }, SOCKET, ONE_HOP, '10.0.0.1'],
    ['three hops reach the first entry', { 'x-forwarded-for': '198.51.100.2, 10.0.0.9, 10.0.0.1' }, SOCKET, THREE_HOPS, '198.51.100.2'],
    ['listed proxies: the first entry from the right outside them', { 'x-forwarded-for': '203.0.113.66, 198.51.100.2, 10.0.0.9, 10.0.0.1' }, SOCKET, PRIVATE_PROXIES, '198.51.100.2'],
    ['cf-connecting-ip last', { 'cf-connecting-ip': '2001:db8::7' }, SOCKET, ONE_HOP, '2001:db8::7'],
    ['no proxy headers', {}, SOCKET, ONE_HOP, SOCKET],
    ['header given as an array', { 'x-forwarded-for': ['198.51.100.4, 10.0.0.1', '198.51.100.5'] }, SOCKET, ONE_HOP, '198.51.100.5'],
    ['garbage header skipped', { 'x-real-ip': 'unknown', 'x-forwarded-for': '198.51.100.6' }, SOCKET, ONE_HOP, '198.51.100.6'],
    ['empty header skipped', { 'x-real-ip': '', 'cf-connecting-ip': '198.51.100.7' }, SOCKET, ONE_HOP, '198.51.100.7'],
    ['mapped IPv4 in a header', { 'x-real-ip': '::ffff:198.51.100.8' }, SOCKET, ONE_HOP, '198.51.100.8'],
    ['mapped IPv4 socket', {}, '::ffff:127.0.0.1', NONE, '127.0.0.1'],
    ['mapped IPv4 socket inside a listed range', { 'x-forwarded-for': '198.51.100.10' }, '::ffff:10.1.2.3', PRIVATE_PROXIES, '198.51.100.10'],
    ['IPv6 socket', {}, '::1', NONE, '::1'],
    ['port on a forwarded IPv4', { 'x-forwarded-for': '198.51.100.9:5123' }, SOCKET, ONE_HOP, '198.51.100.9'],
    ['bracketed IPv6 with port', { 'x-forwarded-for': '[2001:db8::9]:443' }, SOCKET, ONE_HOP, '2001:db8::9'],
    ['no socket address', {}, undefined, NONE, ''],
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
