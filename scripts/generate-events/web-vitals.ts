// Web Vitals samples with field-like distributions: paints after the first byte, most layouts stable.
import { logNormal, roundTo } from './distributions.js';
import type { Engine } from './catalog-schema.js';
import type { Prng } from './prng.js';

export interface VitalsSample {
  readonly lcp: number | null;
  readonly cls: number;
  readonly inp: number | null;
  readonly fcp: number;
  readonly ttfb: number;
}

const STABLE_LAYOUT_SHARE = 0.45;
const NO_INTERACTION_SHARE = 0.3;
/** Older Safari releases report neither LCP nor INP. */
const JSC_MISSING_SHARE = 0.35;

/**
 * Draws one sample. `network` scales the first byte (distance), `page` scales rendering (page weight);
 * phones are slower on both.
 */
export function drawVitals(rng: Prng, deviceType: string, engine: Engine, network: number, page: number): VitalsSample {
  const handheld = deviceType === 'Mobile' || deviceType === 'Tablet';
  const cpu = handheld ? 1.5 : 1;
  const ttfb = logNormal(rng, 170 * network * (handheld ? 1.35 : 1), 0.6);
  const fcp = ttfb + logNormal(rng, 620 * cpu * page, 0.45);
  const lcp = fcp + logNormal(rng, 420 * cpu * page, 0.8);
  const cls = rng.chance(STABLE_LAYOUT_SHARE) ? 0 : Math.min(1.5, logNormal(rng, 0.035 * page, 1.1));
  const inp = rng.chance(NO_INTERACTION_SHARE) ? null : Math.max(8, Math.round(logNormal(rng, 85 * cpu, 0.7) / 8) * 8);
  const missing = engine === 'jsc' && rng.chance(JSC_MISSING_SHARE);
  return {
    lcp: missing ? null : roundTo(lcp, 1),
    cls: roundTo(cls, 4),
    inp: missing ? null : inp,
    fcp: roundTo(fcp, 1),
    ttfb: roundTo(ttfb, 1),
  };
}
