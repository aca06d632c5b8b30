// metrics.js: web vitals (LCP, CLS, INP, FCP, TTFB) through web-vitals, sent as one performance event when the page is hidden.
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { moduleCore } from '../modules.js';
import type { Core, Extra } from '../types.js';

const core = moduleCore<Core>();
if (core) {
  const vitals: Extra = { lcp: null, cls: null, inp: null, fcp: null, ttfb: null };
  const keep = (metric: Metric) => {
    vitals[metric.name.toLowerCase()] = metric.value;
  };
  for (const watch of [onLCP, onCLS, onINP, onFCP, onTTFB]) watch(keep);
  let sent = false;
  // Registered on window, so web-vitals' own document listeners have reported their final values first.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden' || sent) return;
    if (Object.values(vitals).some((value) => value !== null)) {
      sent = true;
      core.t('performance', 'web-vitals', undefined, { ...vitals });
    }
  });
}
