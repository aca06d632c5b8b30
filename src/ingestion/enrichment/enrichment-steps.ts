// The ordered enrichment steps a spooled event passes before it becomes a row.
import type { SharedState } from '../../platform/shared-state/create-shared-state.js';
import { openMmdbAsnLookup } from '../../classifiers/bots/asn-lookup.js';
import { createBotDetectorDeps, RATE_WINDOW_MS } from '../../classifiers/bots/bot-detector.js';
import type { Geolocator } from '../../classifiers/geolocator.js';
import type { Step } from '../pipeline.js';
import { assignSession } from './assign-session.js';
import { classifyChannel } from './classify-channel.js';
import { detectBot } from './detect-bot.js';
import { geolocate } from './geolocate.js';
import { parseUserAgent } from './parse-user-agent.js';
import type { EnrichContext } from './enrich-context.js';

/** Where the enrichment databases are; plain strings, so a worker thread can receive them. */
export interface EnrichmentSources {
  readonly geoipCityDb?: string;
  readonly geoipAsnDb?: string;
}

/** Visitors the rate layer tracks in process (Redis expires idle ones instead). */
const RATE_MAX_KEYS = 100_000;

/** The bot layers, counting each visitor's calls in the sliding counter named `rateCounter`. */
async function botLayers(sources: EnrichmentSources, shared: Pick<SharedState, 'slidingCounter'>, rateCounter: string): Promise<Step<EnrichContext>> {
  return detectBot(
    createBotDetectorDeps({ lookupAsn: await openMmdbAsnLookup(sources.geoipAsnDb) }),
    shared.slidingCounter(rateCounter, { windowMs: RATE_WINDOW_MS, maxKeys: RATE_MAX_KEYS }),
  );
}

export async function createEnrichmentSteps(geolocator: Geolocator, sources: EnrichmentSources, shared: Pick<SharedState, 'sessions' | 'slidingCounter'>): Promise<Step<EnrichContext>[]> {
  return [
    parseUserAgent(),
    geolocate(geolocator),
    await botLayers(sources, shared, 'bot-rate'),
    classifyChannel(),
    assignSession(shared.sessions),
  ];
}

/**
 * The steps a replay batch passes: the same parsing, location and session store as events (so a recording
 * joins its pageviews' session), and the bot layers with a rate counter of their own (a recorder sends a
 * batch every few seconds, which must not count as the visitor's events).
 */
export async function createReplaySteps(geolocator: Geolocator, sources: EnrichmentSources, shared: Pick<SharedState, 'sessions' | 'slidingCounter'>): Promise<Step<EnrichContext>[]> {
  return [
    parseUserAgent(),
    geolocate(geolocator),
    await botLayers(sources, shared, 'replay-bot-rate'),
    assignSession(shared.sessions),
  ];
}
