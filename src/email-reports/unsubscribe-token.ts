// The signed token of a report's one-click unsubscribe link: who, which site, which kind, with an HMAC under a
// key derived from the instance secret (no sign-in needed, nothing to guess; it only ever turns a report off).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ReportKind } from './report-period.js';

export interface UnsubscribeClaim {
  readonly userId: string;
  readonly siteId: number;
  readonly kind: ReportKind;
}

const signer = (secret: string) => (text: string) => createHmac('sha256', `loupe-report-unsubscribe|${secret}`).update(text).digest('base64url');

export function unsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  const body = Buffer.from(JSON.stringify([claim.userId, claim.siteId, claim.kind]), 'utf8').toString('base64url');
  return `${body}.${signer(secret)(body)}`;
}

/** The claim of a token signed with `secret`, or undefined for anything else. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | undefined {
  if (token.length > 600) return undefined;
  const [body = '', signature = '', extra] = token.split('.');
  if (extra !== undefined || body === '' || signature === '') return undefined;
  const expected = Buffer.from(signer(secret)(body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(value) || value.length !== 3) return undefined;
    const [userId, siteId, kind] = value as unknown[];
    if (typeof userId !== 'string' || typeof siteId !== 'number' || (kind !== 'weekly' && kind !== 'monthly')) return undefined;
    return { userId, siteId, kind };
  } catch {
    return undefined;
  }
}
