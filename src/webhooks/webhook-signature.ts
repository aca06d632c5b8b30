// Delivery signatures: HMAC-SHA256 in hex over `<t>.<raw body>`, keyed with the full `whsec_` secret. How a
// receiver checks one: docs/webhooks.md (the tests check it that way, test/helpers/verify-webhook-signature.ts).
import { createHmac, randomBytes } from 'node:crypto';

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

export function signatureHeader(secret: string, unixSeconds: number, rawBody: string): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

