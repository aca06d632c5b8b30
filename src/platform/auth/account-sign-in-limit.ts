// Sign-in attempts counted per account (the email asked for) as well as per address: an attacker who rotates
// addresses (a botnet, or proxies) still gets only `max` guesses a minute at one account. Counted in the
// shared rate limiter, so every node of a cluster counts together (Redis when REDIS_URL is set).
import { createHash } from 'node:crypto';
import { APIError } from 'better-auth/api';
import type { AuthRateLimitStorage } from './auth-rate-limit-storage.js';

const SIGN_IN_PATH = '/sign-in/email';
const WINDOW_SECONDS = 60;
export const ACCOUNT_LIMIT_MESSAGE = 'Too many sign-in attempts for this account. Please try again later.';

/** The counter's key: a digest, so no address is kept in Redis in clear; the same for any letter case. */
export function accountCounterKey(email: string): string {
  return `sign-in-account:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
}

/**
 * Counts a sign-in attempt against the account it names and throws better-auth's 429 (with the seconds to
 * wait) past `max` a minute. Every attempt counts, whatever its outcome: the same answer for every address,
 * registered or not, and no race between parallel guesses.
 */
export async function limitSignInPerAccount(path: string, body: unknown, storage: AuthRateLimitStorage, max: number): Promise<void> {
  if (path !== SIGN_IN_PATH || typeof body !== 'object' || body === null) return;
  const email = (body as Record<string, unknown>).email;
  if (typeof email !== 'string' || email.trim() === '') return;
  const decision = await storage.consume(accountCounterKey(email), { window: WINDOW_SECONDS, max });
  if (!decision.allowed) {
    throw new APIError('TOO_MANY_REQUESTS', { message: ACCOUNT_LIMIT_MESSAGE, code: 'TOO_MANY_SIGN_IN_ATTEMPTS' }, { 'x-retry-after': String(decision.retryAfter ?? WINDOW_SECONDS) });
  }
}
