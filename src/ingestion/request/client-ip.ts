// Picks the client's address from proxy headers (when the socket's peer is a trusted proxy) or from the socket.
import { isIP } from 'node:net';
import { forwardedClient, type TrustFunction } from '../../platform/http/proxy-trust.js';

export type RequestHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/** Headers a trusted proxy sets to the address it saw, believed before X-Forwarded-For / after it. */
const SET_BY_PROXY_FIRST = 'x-real-ip';
const SET_BY_PROXY_LAST = 'cf-connecting-ip';
const IPV4_MAPPED_PREFIX = '::ffff:';

function firstValue(value: string | readonly string[] | undefined): string {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : (value[0] ?? '');
  const comma = text.indexOf(',');
  return (comma === -1 ? text : text.slice(0, comma)).trim();
}

/** Drops a port (`1.2.3.4:80`, `[::1]:80`), IPv6 brackets and the IPv4-mapped prefix; '' when not an IP. */
export function normalizeIp(candidate: string): string {
  if (candidate === '') return '';
  let ip = candidate;
  if (ip.startsWith('[')) {
    const close = ip.indexOf(']');
    ip = close === -1 ? '' : ip.slice(1, close);
  } else if (ip.indexOf(':') !== -1 && ip.indexOf(':') === ip.lastIndexOf(':')) {
    ip = ip.slice(0, ip.indexOf(':'));
  }
  if (ip.startsWith(':') && ip.slice(0, IPV4_MAPPED_PREFIX.length).toLowerCase() === IPV4_MAPPED_PREFIX) {
    const v4 = ip.slice(IPV4_MAPPED_PREFIX.length);
    if (isIP(v4) === 4) ip = v4;
  }
  return isIP(ip) === 0 ? '' : ip;
}

/** Every X-Forwarded-For entry as sent (untrimmed), in order, however many header lines carry them. */
function forwardedEntries(value: string | readonly string[]): string[] {
  if (typeof value === 'string') return value.split(',');
  const entries: string[] = [];
  for (const line of value) entries.push(...line.split(','));
  return entries;
}

const normalizeEntry = (entry: string): string => normalizeIp(entry.trim());

/** The socket's address as normalizeIp gives it; one connection's requests ask with the same text. */
let lastSocket = { raw: '', ip: '' };
function normalizeSocket(raw: string): string {
  if (raw !== lastSocket.raw) lastSocket = { raw, ip: normalizeIp(raw) };
  return lastSocket.ip;
}

/**
 * The client address. When the socket's peer is a trusted proxy: X-Real-IP if it holds a valid address, else
 * X-Forwarded-For read from the right as far as the trust reaches (a spoofed entry left of the proxies'
 * own is never reached), else CF-Connecting-IP; otherwise (or when none holds one) the socket address.
 */
export function clientIp(headers: RequestHeaders, socketAddress: string | undefined, trusts: TrustFunction | undefined): string {
  const socket = normalizeSocket(socketAddress ?? '');
  if (trusts && socket !== '' && trusts(socket, 0)) {
    const real = normalizeIp(firstValue(headers[SET_BY_PROXY_FIRST]));
    if (real !== '') return real;
    const forwardedFor = headers['x-forwarded-for'];
    if (forwardedFor !== undefined) {
      // Entries are normalized only as far as the trust reads them: an entry left of the client is never used.
      const forwarded = forwardedClient(socket, forwardedEntries(forwardedFor), trusts, normalizeEntry);
      if (forwarded !== '') return forwarded;
    }
    const cloudflare = normalizeIp(firstValue(headers[SET_BY_PROXY_LAST]));
    if (cloudflare !== '') return cloudflare;
  }
  return socket;
}
