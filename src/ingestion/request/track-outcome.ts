// The HTTP answer to a tracking or identify call whose pipeline dropped the event.
import type { Drop, DropReason } from '../pipeline.js';

export interface TrackOutcome {
  readonly status: number;
  readonly body: { success: boolean; error?: string; message?: string };
  readonly retryAfterSeconds?: number;
}

/** Drops that refuse the call; every other drop (exclusions) is acknowledged with a message. */
const REFUSALS: Partial<Record<DropReason, number>> = {
  site_not_found: 404,
  invalid_api_key: 401,
  rate_limited: 429,
  origin_mismatch: 403,
};

export function dropOutcome(drop: Drop): TrackOutcome {
  const refusal = REFUSALS[drop.reason];
  if (!refusal) return { status: 200, body: { success: true, ...(drop.message ? { message: drop.message } : {}) } };
  return {
    status: refusal,
    body: { success: false, error: drop.message ?? drop.reason },
    ...(drop.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: drop.retryAfterSeconds }),
  };
}
