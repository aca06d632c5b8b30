// Operator settings of webhook delivery (from the configuration) and the fixed rules of the API.
import { DEFAULT_RETRY_DELAYS, parseRetryDelays } from '../platform/retry-schedule.js';

export interface WebhookSettings {
  readonly allowPrivateTargets: boolean;
  readonly retryDelaysMs: readonly number[];
  readonly paidOnly: boolean;
  /** How long a claimed attempt is held before another process may take it over (after a crash). */
  readonly claimMs: number;
  readonly pollIntervalMs: number;
  readonly disableAfterFailures: number;
  readonly maxPerSite: number;
  readonly logRetentionMs: number;
}

export function webhookSettingsFrom(config: {
  readonly webhookAllowPrivateTargets: boolean;
  readonly webhookRetryDelays: string | undefined;
  readonly webhooksPaidOnly: boolean;
  readonly webhookClaimMs: number;
}): WebhookSettings {
  return {
    allowPrivateTargets: config.webhookAllowPrivateTargets,
    retryDelaysMs: parseRetryDelays(config.webhookRetryDelays ?? DEFAULT_RETRY_DELAYS),
    paidOnly: config.webhooksPaidOnly,
    claimMs: config.webhookClaimMs,
    pollIntervalMs: 500,
    disableAfterFailures: 20,
    maxPerSite: 10,
    logRetentionMs: 30 * 86_400_000,
  };
}
