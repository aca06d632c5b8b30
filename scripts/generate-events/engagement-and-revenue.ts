// The engagement a pageview reports (engaged time within its dwell, deepest scroll) and a purchase's revenue.
import { clamp } from './distributions.js';
import type { Prng } from './prng.js';

/** Custom events that carry revenue, and the currencies they are paid in (weights: most in EUR, some USD, GBP, JPY). */
const REVENUE_EVENTS: ReadonlySet<string> = new Set(['purchase']);
const CURRENCIES: ReadonlyArray<readonly [string, number, number]> = [
  // currency, share, minor unit places
  ['EUR', 0.6, 2],
  ['USD', 0.25, 2],
  ['GBP', 0.1, 2],
  ['JPY', 0.05, 0],
];

/** Engaged time is part of the page's dwell (the rest: hidden or idle); depth leans towards the top of the page. */
export function drawEngagement(rng: Prng, dwellMs: number): { ms: number; depth: number } {
  const ms = Math.floor(dwellMs * rng.between(0.2, 0.95));
  const depth = Math.round(clamp(rng.between(0, 1) ** 0.7 * 100, 5, 100));
  return { ms, depth };
}

/** Revenue for a custom event that carries it, else undefined: 9.00 to 499.00 in one of the currencies. */
export function drawRevenue(rng: Prng, eventName: string): { amount: string; currency: string } | undefined {
  if (!REVENUE_EVENTS.has(eventName)) return undefined;
  let roll = rng.between(0, 1);
  let chosen = CURRENCIES[0] ?? ['EUR', 1, 2];
  for (const entry of CURRENCIES) {
    chosen = entry;
    roll -= entry[1];
    if (roll < 0) break;
  }
  const [currency, , places] = chosen;
  const cents = Math.round(rng.between(9, 499) * 100);
  const amount = places === 0 ? String(Math.round(cents * 1.6)) : `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  return { amount, currency };
}
