// Enrichment step: key-less calls to sites that block bots pass the five bot layers; bots are stored apart
// (bot_events), never as humans.
import { hash } from 'node:crypto';
import type { SlidingCounter } from '../../platform/shared-state/sliding-counter.js';
import { detectBot as detect, type DetectBotDeps } from '../../classifiers/bots/bot-detector.js';
import type { EnrichContext } from './enrich-context.js';
import { drop, ok, type Step, type StepResult } from '../pipeline.js';

/**
 * `rates` counts each visitor's events over the rate window (RATE_WINDOW_MS); with Redis it is shared by every
 * server, so a visitor whose events a load balancer spreads over several is counted once.
 */
export function detectBot(deps: DetectBotDeps, rates: SlidingCounter): Step<EnrichContext> {
  const judge = (context: EnrichContext, recentHits: number): StepResult => {
    const { record } = context;
    const verdict = detect(
      {
        userAgent: record.user_agent,
        headers: record.headers,
        ip: record.ip,
        recentHits,
        ...(record.payload._bs === undefined ? {} : { clientScore: record.payload._bs }),
        ...(record.payload._bsm === undefined ? {} : { clientSignals: record.payload._bsm }),
      },
      deps,
    );
    context.bot = verdict;
    return verdict.isBot ? drop('bot') : ok();
  };
  return {
    name: 'detect-bot',
    // Synchronous with the in-process counter: no promise per event.
    run(context) {
      const { record } = context;
      if (!record.detect_bots) return ok();
      // Without an SDK device id the visitor id already is a hash of address and user agent (salted per day
      // at most); with one, the rate layer still counts per address and user agent so rotating ids cannot hide.
      const visitorKey = record.payload.anonymous_id === undefined ? record.user_id : hash('sha1', `${record.ip}|${record.user_agent}`, 'base64');
      const hits = rates.hit(visitorKey, record.at);
      return typeof hits === 'number' ? judge(context, hits) : hits.then((counted) => judge(context, counted));
    },
  };
}
