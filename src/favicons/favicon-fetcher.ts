// Fetches one domain's /favicon.ico: only that path, only to public addresses (the address checked is the one
// connected to: no DNS rebinding), no redirect followed, at most MAX_BYTES, within TIMEOUT_MS, a raster image only.
import type { LookupFunction } from 'node:net';
import { addressVerdict } from '../platform/outbound/address-policy.js';
import type { Resolver } from '../platform/outbound/resolver.js';
import { faviconType, type FaviconType } from './favicon-image.js';

export const MAX_FAVICON_BYTES = 64 * 1024;
export const FAVICON_TIMEOUT_MS = 3_000;

export interface Favicon {
  readonly bytes: Buffer;
  readonly type: FaviconType;
}

export interface FaviconFetcherOptions {
  readonly resolve: Resolver;
  /** Loopback and private addresses too (FAVICON_ALLOW_PRIVATE_TARGETS; tests). */
  readonly allowPrivateTargets: boolean;
  /** Where favicons are asked for; default https on the default port (tests: a loopback http server). */
  readonly upstream?: { readonly protocol: 'http:' | 'https:'; readonly port?: number };
}

function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

/** `work`'s answer, or a rejection once `ms` have passed without one. */
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** The body, or undefined once it passes `limit` bytes (the rest is not read). */
async function readCapped(body: AsyncIterable<Buffer>, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export class FaviconFetcher {
  constructor(private readonly options: FaviconFetcherOptions) {}

  /** The favicon of `domain` (already checked by faviconDomain), or undefined when there is none to serve. */
  async fetch(domain: string): Promise<Favicon | undefined> {
    const addresses = await withDeadline(this.options.resolve(domain), FAVICON_TIMEOUT_MS).catch(() => []);
    const target = addresses[0];
    if (!target) return undefined;
    if (!this.options.allowPrivateTargets && addresses.some((candidate) => !addressVerdict(candidate.address).allowed)) return undefined;
    const { protocol, port } = this.options.upstream ?? { protocol: 'https:' };
    const url = new URL(`${protocol}//${domain}/favicon.ico`);
    if (port !== undefined) url.port = String(port);
    // Loaded at the first fetch, not at start: undici holds ~4 MB of the event loop's heap (decision 0055).
    const { Agent, request } = await import('undici');
    const dispatcher = new Agent({ connect: { lookup: pinnedLookup(target.address, target.family), timeout: FAVICON_TIMEOUT_MS } });
    const signal = AbortSignal.timeout(FAVICON_TIMEOUT_MS);
    try {
      const response = await request(url, { method: 'GET', dispatcher, signal, headers: { 'user-agent': 'Loupe-Favicons/1.0', accept: 'image/*' } });
      const declared = Number(response.headers['content-length'] ?? 0);
      if (response.statusCode !== 200 || declared > MAX_FAVICON_BYTES) {
        await response.body.dump({ limit: 0 }).catch(() => undefined);
        return undefined;
      }
      const bytes = await readCapped(response.body, MAX_FAVICON_BYTES);
      if (bytes === undefined) {
        response.body.destroy();
        return undefined;
      }
      const type = faviconType(bytes);
      return type === undefined ? undefined : { bytes, type };
    } catch {
      return undefined;
    } finally {
      await dispatcher.destroy().catch(() => undefined);
    }
  }
}
