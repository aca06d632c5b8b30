// Delivery signatures: HMAC-SHA256 in hex over `<t>.<raw body>`, keyed with the full `whsec_` secret.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

export function signatureHeader(secret: string, unixSeconds: number, rawBody: string): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** What a receiver does: constant-time compare and a 5-minute timestamp tolerance. */
export function verifySignature(secret: string, header: string, rawBody: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = signatureHeader(secret, t, rawBody).split('v1=')[1] ?? '';
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
