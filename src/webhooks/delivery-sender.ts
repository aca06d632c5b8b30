// One delivery attempt: re-check the URL, connect only to the address just checked (no DNS rebinding),
// POST the signed body, and classify the outcome (2xx within 10 s is success; redirects are never followed).
import { Agent, request } from 'undici';
import type { LookupFunction } from 'node:net';
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
}

export interface AttemptResult {
  readonly success: boolean;
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly durationMs: number;
}

function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

export async function sendAttempt(input: AttemptInput, policy: UrlPolicyOptions): Promise<AttemptResult> {
  const started = Date.now();
  const done = (success: boolean, statusCode: number | null, error: string | null): AttemptResult => ({
    success, statusCode, error, durationMs: Date.now() - started,
  });
  let target;
  try {
    target = await checkWebhookUrl(input.url, policy);
  } catch (err) {
    return done(false, null, err instanceof Error ? err.message : 'Invalid webhook URL');
  }
  const dispatcher = new Agent({ connect: { lookup: pinnedLookup(target.address.address, target.address.family), timeout: DELIVERY_TIMEOUT_MS } });
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
      },
      body: input.body,
    });
    await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
    const status = response.statusCode;
    if (status >= 200 && status < 300) return done(true, status, null);
    if (status >= 300 && status < 400) return done(false, status, `Redirect (${status}) not followed`);
    return done(false, status, `Endpoint answered ${status}`);
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    const message = name === 'TimeoutError' || name === 'AbortError' ? `No response within ${DELIVERY_TIMEOUT_MS / 1000} s` : err instanceof Error ? err.message : String(err);
    return done(false, null, message);
  } finally {
    await dispatcher.close().catch(() => undefined);
  }
}
