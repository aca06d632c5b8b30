// Random variates used to shape the traffic: normal, log-normal, exponential, geometric, Zipf weights.
import type { Prng } from './prng.js';

/** A standard normal variate (Box-Muller). */
export function standardNormal(rng: Prng): number {
  const u = 1 - rng.float();
  const v = rng.float();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A log-normal variate with the given median and log-space standard deviation. */
export function logNormal(rng: Prng, median: number, sigma: number): number {
  return median * Math.exp(sigma * standardNormal(rng));
}

export function exponential(rng: Prng, mean: number): number {
  return -Math.log(1 - rng.float()) * mean;
}

/** Failures before the first success with success probability `p` (mean (1 - p) / p). */
export function geometric(rng: Prng, p: number): number {
  if (p >= 1) return 0;
  return Math.floor(Math.log(1 - rng.float()) / Math.log(1 - p));
}

/** Weights 1 / rank^exponent for ranks 1..count. */
export function zipfWeights(count: number, exponent: number): number[] {
  return Array.from({ length: count }, (_, index) => 1 / Math.pow(index + 1, exponent));
}

export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

/** Rounds to `digits` decimals. */
export function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
