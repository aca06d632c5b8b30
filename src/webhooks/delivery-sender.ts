// One delivery attempt: re-check the URL, connect only to the address just checked (no DNS rebinding; a
// connection the pass opened to that address before is reused), POST the signed body, and classify the outcome
// (2xx within 10 s is success; redirects are never followed).
// With `release`, the body's last byte waits for it: until then the endpoint holds an incomplete request,
// which no HTTP server hands to its application, so a sender that dies before releasing has sent nothing.
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import type { ResolvedAddress } from '../platform/outbound/resolver.js';
import type { PassConnections } from './pass-connections.js';
import { checkWebhookUrl, type UrlPolicyOptions } from './webhook-url-policy.js';
import { signatureHeader } from './webhook-signature.js';

export const DELIVERY_TIMEOUT_MS = 10_000;

export interface AttemptInput {
  readonly url: string;
  readonly webhookId: string;
  readonly deliveryId: string;
  readonly secret: string;
  readonly body: string;
  readonly nowMs: number;
  /** Called when all but the body's last byte is on its way; false withholds that byte and aborts. */
  readonly release?: () => Promise<boolean>;
}

export interface AttemptResult {
  readonly success: boolean;
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly durationMs: number;
  /** The request was aborted before its last byte because `release` refused it: the endpoint got nothing whole. */
  readonly withheld: boolean;
}

class ReleaseRefused extends Error {
  constructor() {
    super('Another sender took this attempt over');
    this.name = 'ReleaseRefused';
  }
}

/** The body in two chunks: everything but the last byte, then, once `release` agrees, the last byte. */
async function* releasedBody(bytes: Buffer, release: () => Promise<boolean>): AsyncGenerator<Buffer> {
  yield bytes.subarray(0, bytes.length - 1);
  if (!(await release())) throw new ReleaseRefused();
  yield bytes.subarray(bytes.length - 1);
}

function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

/** `connections`: the delivery pass's, reused by its attempts to the same address; without it the attempt connects anew. */
export async function sendAttempt(input: AttemptInput, policy: UrlPolicyOptions, connections?: PassConnections): Promise<AttemptResult> {
  // Loaded at the first delivery, not at start: undici holds ~4 MB of the event loop's heap (decision 0055).
  const { Agent, request } = await import('undici');
  const started = Date.now();
  const done = (success: boolean, statusCode: number | null, error: string | null, withheld = false): AttemptResult => ({
    success, statusCode, error, durationMs: Date.now() - started, withheld,
  });
  let target;
  try {
    target = await checkWebhookUrl(input.url, policy);
  } catch (err) {
    return done(false, null, err instanceof Error ? err.message : 'Invalid webhook URL');
  }
  const pinned = (address: ResolvedAddress): InstanceType<typeof Agent> =>
    new Agent({ connect: { lookup: pinnedLookup(address.address, address.family), timeout: DELIVERY_TIMEOUT_MS } });
  // A pass's connections stay open for its next attempt and are closed with the pass; a lone attempt closes its own.
  const dispatcher = connections ? connections.agentFor(target.address, pinned) : pinned(target.address);
  const bytes = Buffer.from(input.body, 'utf8');
  let refused = false;
  const release = input.release;
  const body = release
    ? Readable.from(
        releasedBody(bytes, async () => {
          const granted = await release();
          refused = !granted;
          return granted;
        }),
        { objectMode: false },
      )
    : bytes;
  try {
    const response = await request(target.url, {
      method: 'POST',
      dispatcher,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Loupe-Webhooks/1.0',
        'service-signature': signatureHeader(input.secret, Math.floor(input.nowMs / 1000), input.body),
        'service-webhook-id': input.webhookId,
        'service-delivery-id': input.deliveryId,
        'content-length': String(bytes.length),
      },
      body,
    });
    await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
    const status = response.statusCode;
    if (status >= 200 && status < 300) return done(true, status, null);
    if (status >= 300 && status < 400) return done(false, status, `Redirect (${status}) not followed`);
    return done(false, status, `Endpoint answered ${status}`);
  } catch (err) {
    if (refused) return done(false, null, 'Another sender took this attempt over', true);
    const name = err instanceof Error ? err.name : '';
    const message = name === 'TimeoutError' || name === 'AbortError' ? `No response within ${DELIVERY_TIMEOUT_MS / 1000} s` : err instanceof Error ? err.message : String(err);
    return done(false, null, message);
  } finally {
    if (!connections) await dispatcher.close().catch(() => undefined);
  }
}
