// The replay module's settings: the core tag's data-replay-* attributes over the site's settings, with
// privacy-first defaults (every input masked, no canvas, no cross-origin iframes).
import type { SiteToggles } from '../types.js';

export interface ReplaySettings {
  /** Percent of browser sessions recorded (0..100). */
  sampleRate: number;
  /** Events that make a batch be sent at once. */
  batchSize: number;
  /** Milliseconds between sends of what was recorded. */
  batchInterval: number;
  /** A session's recording stops after this many minutes. */
  maxMinutes: number;
  /** CSS selectors whose text is masked ('' for none). */
  maskText: string;
}

function number(value: string | null, fallback: number, min: number, max: number): number {
  const parsed = value === null ? NaN : +value;
  return parsed >= min && parsed <= max ? parsed : fallback;
}

function selectors(value: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(value || '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item == 'string') : [];
  } catch {
    return [];
  }
}

export function replaySettings(attr: (name: string) => string | null, toggles: SiteToggles): ReplaySettings {
  return {
    sampleRate: number(attr('replay-sample-rate'), toggles.replaySampleRate ?? 100, 0, 100),
    batchSize: number(attr('replay-batch-size'), 250, 1, 5000),
    batchInterval: number(attr('replay-batch-interval'), 5000, 1000, 60000),
    maxMinutes: number(attr('replay-max-minutes'), 60, 1, 720),
    maskText: [...(toggles.replayMaskTextSelectors || []), ...selectors(attr('replay-mask-text-selectors'))].join(','),
  };
}

/** Whether this browser session is recorded: decided once per session (sessionStorage) against the rate. */
export function sampled(key: string, rate: number): boolean {
  try {
    const kept = sessionStorage[key];
    if (kept == '1' || kept == '0') return kept == '1';
    const chosen = Math.random() * 100 < rate;
    sessionStorage[key] = chosen ? '1' : '0';
    return chosen;
  } catch {
    return Math.random() * 100 < rate;
  }
}
