// Spreads the requested rows over hourly slots ending now, following daily and weekly rhythms.
import type { TrafficTable } from './catalog-schema.js';
import { clamp, standardNormal } from './distributions.js';
import type { Prng } from './prng.js';

export const HOUR_MS = 3_600_000;

export interface HourSlot {
  readonly startMs: number;
  readonly endMs: number;
  /** Human events to generate in this slot. */
  readonly events: number;
  /** Bot rows to generate in this slot. */
  readonly bots: number;
}

export interface TimelineRequest {
  readonly endMs: number;
  readonly days: number;
  readonly events: number;
  readonly bots: number;
}

/** Splits `total` into integers proportional to `weights` whose sum is exactly `total`. */
export function allocate(weights: readonly number[], total: number): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  let cumulative = 0;
  let assigned = 0;
  return weights.map((weight) => {
    cumulative += weight;
    const upTo = Math.round((cumulative / sum) * total);
    const share = upTo - assigned;
    assigned = upTo;
    return share;
  });
}

/**
 * Relative human traffic per hour: the audience's UTC-hour mix x weekday x growth x daily noise,
 * with one spike day (a launch or a popular post).
 */
function humanWeights(request: TimelineRequest, traffic: TrafficTable, hourlyMix: readonly number[], rng: Prng): number[] {
  const slots = request.days * 24;
  const firstStart = request.endMs - slots * HOUR_MS;
  const dayNoise = Array.from({ length: request.days }, () => clamp(1 + traffic.dailyNoise * standardNormal(rng), 0.5, 1.5));
  const spikeDay = rng.int(request.days);
  return Array.from({ length: slots }, (_, index) => {
    const start = new Date(firstStart + index * HOUR_MS);
    const day = Math.floor(index / 24);
    const growth = 1 + (traffic.growthOverPeriod * index) / slots;
    const spike = day === spikeDay ? traffic.spikeFactor : 1;
    return (
      (hourlyMix[start.getUTCHours()] ?? 0) *
      (traffic.weekdayUtc[start.getUTCDay()] ?? 0) *
      growth *
      (dayNoise[day] ?? 1) *
      spike
    );
  });
}

export function planTimeline(request: TimelineRequest, traffic: TrafficTable, hourlyMix: readonly number[], rng: Prng): HourSlot[] {
  const weights = humanWeights(request, traffic, hourlyMix, rng);
  const mean = weights.reduce((sum, weight) => sum + weight, 0) / weights.length;
  const botWeights = weights.map((weight) => 0.6 * mean + 0.4 * weight);
  const events = allocate(weights, request.events);
  const bots = allocate(botWeights, request.bots);
  const firstStart = request.endMs - weights.length * HOUR_MS;
  return weights.map((_, index) => ({
    startMs: firstStart + index * HOUR_MS,
    endMs: firstStart + (index + 1) * HOUR_MS,
    events: events[index] ?? 0,
    bots: bots[index] ?? 0,
  }));
}
