// TRUST_PROXY's forms, and the client address read through the trust (the same as Fastify's request.ip).
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { forwardedClient, parseProxyTrust, trustFunction, type ProxyTrust } from './proxy-trust.js';

describe('parseProxyTrust', () => {
  it.each<[string, ProxyTrust | undefined]>([
    ['', { hops: 0 }],
    ['false', { hops: 0 }],
    ['0', { hops: 0 }],
    ['no', { hops: 0 }],
    ['true', { hops: 1 }],
    ['TRUE', { hops: 1 }],
    ['yes', { hops: 1 }],
    ['1', { hops: 1 }],
    ['2', { hops: 2 }],
    ['10', { hops: 10 }],
    ['11', undefined],
    ['-1', undefined],
    ['1.5', undefined],
    ['10.0.0.5', { addresses: ['10.0.0.5'] }],
    [' 10.0.0.5 , 172.16.0.0/12,2001:db8::/32 ', { addresses: ['10.0.0.5', '172.16.0.0/12', '2001:db8::/32'] }],
    ['loopback', { addresses: ['127.0.0.0/8', '::1/128'] }],
    ['uniquelocal,192.0.2.1', { addresses: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7', '192.0.2.1'] }],
    ['10.0.0.0/33', undefined],
    ['10.0.0.256', undefined],
    ['proxy.internal', undefined],
    ['10.0.0.1,', undefined],
    ['all', undefined],
  ])('%j', (raw, expected) => {
    expect(parseProxyTrust(raw)).toEqual(expected);
  });
});

describe('trustFunction', () => {
  it('trusts nobody for 0 hops, the nearest n hops for n, the listed ranges whatever the hop', () => {
    expect(trustFunction({ hops: 0 })).toBeUndefined();
    const twoHops = trustFunction({ hops: 2 });
    expect([0, 1, 2].map((hop) => twoHops?.('203.0.113.1', hop))).toEqual([true, true, false]);
    const listed = trustFunction({ addresses: ['10.0.0.0/8', '2001:db8::/32', '::ffff:192.0.2.0/120'] });
    expect(['10.9.8.7', '::ffff:10.1.1.1', '11.0.0.1', '2001:db8::5', '2001:db9::5', '192.0.2.77', 'not-an-ip'].map((address) => listed?.(address, 3)))
      .toEqual([true, true, false, true, false, true, false]);
  });
});

describe('forwardedClient agrees with Fastify request.ip under the same trust', () => {
  it.each<[string, ProxyTrust, string, string]>([
    ['no trust: the socket', { hops: 0 }, '10.0.0.1', '198.51.100.1, 203.0.113.9'],
    ['one hop: the entry the proxy appended', { hops: 1 }, '10.0.0.1', '198.51.100.1, 203.0.113.9'],
    ['two hops', { hops: 2 }, '10.0.0.1', '198.51.100.1, 203.0.113.9, 10.0.0.7'],
    ['more hops than entries: the leftmost', { hops: 5 }, '10.0.0.1', '198.51.100.1, 203.0.113.9'],
    ['listed proxies, peer listed', { addresses: ['10.0.0.0/8'] }, '10.0.0.1', '198.51.100.1, 203.0.113.9, 10.2.3.4'],
    ['listed proxies, peer not listed', { addresses: ['10.0.0.0/8'] }, '192.0.2.8', '198.51.100.1, 10.2.3.4'],
    ['every hop listed: the leftmost', { addresses: ['10.0.0.0/8'] }, '10.0.0.1', '10.0.0.2, 10.0.0.3'],
  ])('%s', async (_name, trust, socket, forwardedFor) => {
    const app = Fastify({ trustProxy: trustFunction(trust) ?? false });
    app.get('/', async (request) => ({ ip: request.ip }));
    const fastifyIp = (await app.inject({ method: 'GET', url: '/', remoteAddress: socket, headers: { 'x-forwarded-for': forwardedFor } })).json<{ ip: string }>().ip;
    await app.close();
    expect(forwardedClient(socket, forwardedFor.split(',').map((entry) => entry.trim()), trustFunction(trust))).toBe(fastifyIp);
  });

  it('gives the values expected of each form', () => {
    const entries = ['198.51.100.1', '203.0.113.9', '10.2.3.4'];
    expect(forwardedClient('10.0.0.1', entries, undefined)).toBe('10.0.0.1');
    expect(forwardedClient('10.0.0.1', entries, trustFunction({ hops: 1 }))).toBe('10.2.3.4');
    expect(forwardedClient('10.0.0.1', entries, trustFunction({ hops: 2 }))).toBe('203.0.113.9');
    expect(forwardedClient('10.0.0.1', entries, trustFunction({ addresses: ['10.0.0.0/8'] }))).toBe('203.0.113.9');
    expect(forwardedClient('10.0.0.1', [], trustFunction({ hops: 1 }))).toBe('10.0.0.1');
  });
});
