// The retry delays after failed attempts: 1 min, 5 min, 30 min, 2 h, 6 h (six attempts in all), or the
// operator's WEBHOOK_RETRY_DELAYS list such as `1s,2s,3s,4s,5s`.

export const DEFAULT_RETRY_DELAYS = '1m,5m,30m,2h,6h';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

export function parseRetryDelays(text: string): number[] {
  const delays = text.split(',').map((part) => {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)\s*$/.exec(part);
    if (!match) throw new Error(`Invalid WEBHOOK_RETRY_DELAYS entry '${part}' (expected e.g. 30s, 5m, 2h)`);
    return Math.round(Number(match[1]) * (UNIT_MS[match[2] ?? 's'] ?? 1000));
  });
  if (delays.length === 0) throw new Error('WEBHOOK_RETRY_DELAYS is empty');
  return delays;
}

/** Delay before the attempt after `attemptsMade`, or undefined when no attempt is left. */
export function nextDelay(delays: readonly number[], attemptsMade: number): number | undefined {
  return delays[attemptsMade - 1];
}
