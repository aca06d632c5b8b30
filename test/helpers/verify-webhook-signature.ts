// What a webhook receiver does with Loupe's signature header, written from docs/webhooks.md and not from the
// sender's code, so the tests that use it check the documented scheme: `t=<unix seconds>,v1=<hex>`, where hex is
// HMAC-SHA256 over `<t>.<raw body>` keyed with the whole `whsec_` secret; constant-time compare; 5-minute tolerance.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function verifySignature(secret: string, header: string, rawBody: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
