// Step: a bearer key must be valid (else 401) and under its rate limit (else 429); a key of the site's
// organization (member or above) with ingest:write or full access makes the call trusted.
import { roleAtLeast } from '../../platform/auth/organization-roles.js';
import type { AccessControl } from '../../platform/http/access-control.js';
import { AppError } from '../../platform/http/app-errors.js';
import { principalHasScope } from '../../platform/http/principal.js';
import type { ApiKeyVerifier } from '../../platform/http/api-key-verifier.js';
import type { RateLimiter } from '../../platform/shared-state/rate-limiter.js';
import { drop, ok, type Step, type StepResult } from '../pipeline.js';
import { siteOf, type TrackContext } from './track-context.js';

export interface CheckApiKeyDeps {
  readonly keys: ApiKeyVerifier;
  readonly access: AccessControl;
  readonly rateLimiter: RateLimiter;
  readonly limit: { readonly max: number; readonly windowSeconds: number };
}

/** A key-less call (a browser's, almost all of them) passes at once, without a promise. */
export function checkApiKey(deps: CheckApiKeyDeps): Step<TrackContext> {
  return {
    name: 'check-api-key',
    run(context) {
      const key = context.request.bearerKey;
      return key ? checkKey(deps, context, key) : ok();
    },
  };
}

async function checkKey(deps: CheckApiKeyDeps, context: TrackContext, key: string): Promise<StepResult> {
  let principal;
  try {
    principal = await deps.keys.verify(key);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 401) return drop('invalid_api_key', { message: error.message });
    throw error;
  }
  const decision = await deps.rateLimiter.hit(`track:${principal.keyId}`, deps.limit.max, deps.limit.windowSeconds * 1000, context.nowMs);
  if (!decision.allowed) {
    const minutes = Math.round(deps.limit.windowSeconds / 60);
    return drop('rate_limited', {
      message: `Rate limit exceeded. Maximum ${deps.limit.max} requests per ${minutes} minutes per API key.`,
      retryAfterSeconds: decision.retryAfterSeconds,
    });
  }
  context.keyed = true;
  const role = await deps.access.organizationRole(principal, siteOf(context).organizationId);
  // A viewer's key reads only: its calls count as a browser's (origin checked, no ip_address override).
  context.trusted = role !== null && roleAtLeast(role, 'member') && principalHasScope(principal, 'ingest:write');
  return ok();
}
