// Picks the client's address from proxy headers (when the proxy is trusted) or from the socket.
import { isIP } from 'node:net';

export type RequestHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/** Proxy headers in the order they are believed; X-Forwarded-For contributes its first (client) entry. */
const PROXY_HEADERS = ['x-real-ip', 'x-forwarded-for', 'cf-connecting-ip'] as const;
const IPV4_MAPPED_PREFIX = '::ffff:';

function firstValue(value: string | readonly string[] | undefined): string {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : (value[0] ?? '');
  const comma = text.indexOf(',');
  return (comma === -1 ? text : text.slice(0, comma)).trim();
}

/** Drops a port (`1.2.3.4:80`, `[::1]:80`), IPv6 brackets and the IPv4-mapped prefix; '' when not an IP. */
export function normalizeIp(candidate: string): string {
  let ip = candidate;
  if (ip.startsWith('[')) {
    const close = ip.indexOf(']');
    ip = close === -1 ? '' : ip.slice(1, close);
  } else if (ip.indexOf(':') !== -1 && ip.indexOf(':') === ip.lastIndexOf(':')) {
    ip = ip.slice(0, ip.indexOf(':'));
  }
  if (ip.slice(0, IPV4_MAPPED_PREFIX.length).toLowerCase() === IPV4_MAPPED_PREFIX) {
    const v4 = ip.slice(IPV4_MAPPED_PREFIX.length);
    if (isIP(v4) === 4) ip = v4;
  }
  return isIP(ip) === 0 ? '' : ip;
}

/**
 * The client address: with a trusted proxy, the first of X-Real-IP, X-Forwarded-For's first entry and
 * CF-Connecting-IP that holds a valid address; otherwise (or when none does) the socket address.
 */
export function clientIp(headers: RequestHeaders, socketAddress: string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    for (const name of PROXY_HEADERS) {
      const ip = normalizeIp(firstValue(headers[name]));
      if (ip !== '') return ip;
    }
  }
  return normalizeIp(socketAddress ?? '');
}
