// How many pageviews a session has and which other events happen on each page, before any detail is chosen.
import { geometric } from './distributions.js';
import type { Prng } from './prng.js';

/** Events that happen on a page after its pageview. */
export type PageExtra = 'performance' | 'interaction' | 'error' | 'engagement';

/** One entry per pageview, listing the extra events that follow it on that page. */
export type SessionShape = PageExtra[][];

/** Share of sessions with a single pageview. */
export const BOUNCE_RATE = 0.4;
/** Success probability of the geometric tail of pageviews beyond the second (mean 1.5 more). */
const MORE_PAGES_P = 0.4;
const MAX_PAGEVIEWS = 40;
const PERFORMANCE_PER_PAGE = 0.42;
const INTERACTION_PER_PAGE = 0.16;
const SECOND_INTERACTION = 0.2;
const ERROR_PER_PAGE = 0.012;
/** Pageviews whose engagement event arrives (the rest: tabs closed before the tracker reported, old trackers). */
const ENGAGEMENT_PER_PAGE = 0.9;

export function drawSessionShape(rng: Prng): SessionShape {
  const pageviews = rng.chance(BOUNCE_RATE) ? 1 : Math.min(MAX_PAGEVIEWS, 2 + geometric(rng, MORE_PAGES_P));
  const shape: SessionShape = [];
  for (let page = 0; page < pageviews; page++) {
    const extras: PageExtra[] = [];
    if (rng.chance(INTERACTION_PER_PAGE)) {
      extras.push('interaction');
      if (rng.chance(SECOND_INTERACTION)) extras.push('interaction');
    }
    if (rng.chance(ERROR_PER_PAGE)) extras.push('error');
    if (rng.chance(PERFORMANCE_PER_PAGE)) extras.push('performance');
    if (rng.chance(ENGAGEMENT_PER_PAGE)) extras.push('engagement');
    shape.push(extras);
  }
  return shape;
}

/** Events in the session: its pageviews plus their extras. */
export function shapeSize(shape: SessionShape): number {
  let size = 0;
  for (const extras of shape) size += 1 + extras.length;
  return size;
}

/** Cuts the session down to its first `maxEvents` events (used once, so the total matches the request). */
export function truncateShape(shape: SessionShape, maxEvents: number): SessionShape {
  const out: SessionShape = [];
  let left = maxEvents;
  for (const extras of shape) {
    if (left <= 0) break;
    out.push(extras.slice(0, left - 1));
    left -= 1 + Math.min(extras.length, left - 1);
  }
  return out;
}
