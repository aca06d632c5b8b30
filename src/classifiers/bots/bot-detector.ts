// Decides whether a tracking request comes from a bot, evaluating and recording all five detection layers every time.
import { analyseUserAgent, type UserAgentAnalyser } from './analyse-user-agent.js';
import { type AsnLookup, noAsnLookup } from './asn-lookup.js';
import type { AiCrawler } from '../catalogs/bot-catalog.js';
import { isHostingAsn } from './hosting-asns.js';
import { scoreClientSignals } from './score-client-signals.js';
import { createHeaderScoreCache, type HeaderScorer } from './header-score-cache.js';
import type { HeaderRuleId, RequestHeaders } from './score-header-heuristics.js';

export interface DetectBotInput {
  readonly userAgent: string;
  readonly headers: RequestHeaders;
  /** `_bs` from the tracking script. */
  readonly clientScore?: number;
  /** `_bsm` from the tracking script (bits in catalogs/headless-signals.json). */
  readonly clientSignals?: number;
  readonly ip: string;
  /** Events of this visitor (a hash of ip + user agent) within the rate window, this one included. */
  readonly recentHits: number;
}

export interface DetectBotDeps {
  readonly lookupAsn: AsnLookup;
  /** Events a visitor may send within the rate window (RATE_WINDOW_MS); one more marks rate_anomaly. */
  readonly rateLimit: number;
  /** Defaults to the shared, cached analyser over catalogs/. */
  readonly analyseUserAgent?: UserAgentAnalyser;
  /** Defaults to the shared scorer over catalogs/, which keeps its answer per distinct header set. */
  readonly scoreHeaders?: HeaderScorer;
}

/** One flag per layer, named as the bot_events columns. */
export interface BotLayers {
  readonly ua_pattern: boolean;
  readonly header_heuristics: boolean;
  readonly client_signals: boolean;
  readonly bot_asn: boolean;
  readonly rate_anomaly: boolean;
}

export interface BotVerdict {
  readonly isBot: boolean;
  readonly layers: BotLayers;
  /** '' unless isBot; '' also for bots that announce no name. */
  readonly botName: string;
  /** '' unless isBot; `unknown` when no catalog entry names the bot. */
  readonly botCategory: string;
  /** 0 when unknown. */
  readonly asn: number;
  readonly ai: AiCrawler | null;
  /** Which header rules and client bits held, for logs and tuning. */
  readonly signals: { readonly header: readonly HeaderRuleId[]; readonly client: readonly string[] };
}

/** The rate layer's window: a visitor's events are counted over the last minute. */
export const RATE_WINDOW_MS = 60_000;

export interface BotDetectorOptions {
  readonly lookupAsn?: AsnLookup;
  /** Default 120 events per RATE_WINDOW_MS. */
  readonly rateLimit?: number;
}

export function createBotDetectorDeps(options: BotDetectorOptions = {}): DetectBotDeps {
  return { lookupAsn: options.lookupAsn ?? noAsnLookup, rateLimit: options.rateLimit ?? 120 };
}

let defaultHeaderScorer: HeaderScorer | undefined;

function scoreHeaders(deps: DetectBotDeps): HeaderScorer {
  if (deps.scoreHeaders) return deps.scoreHeaders;
  defaultHeaderScorer ??= createHeaderScoreCache();
  return defaultHeaderScorer;
}

function asnOf(lookup: AsnLookup, ip: string): number {
  try {
    const asn = lookup(ip);
    return asn !== undefined && Number.isInteger(asn) && asn > 0 ? asn : 0;
  } catch {
    return 0;
  }
}

/**
 * A request is a bot when any of ua_pattern, header_heuristics, client_signals or rate_anomaly fires.
 * bot_asn is always recorded but decides only with corroboration, because VPN exits and office proxies
 * sit in hosting networks: the user agent is not a browser's, or at least one header rule or client
 * signal held, even below its own layer's threshold.
 */
export function detectBot(input: DetectBotInput, deps: DetectBotDeps): BotVerdict {
  const ua = (deps.analyseUserAgent ?? analyseUserAgent)(input.userAgent);
  const header = scoreHeaders(deps)(input.headers, ua.browser);
  const client = scoreClientSignals(input.clientScore, input.clientSignals);
  const asn = asnOf(deps.lookupAsn, input.ip);
  const layers: BotLayers = {
    ua_pattern: ua.botUa,
    header_heuristics: header.flagged,
    client_signals: client.flagged,
    bot_asn: isHostingAsn(asn),
    rate_anomaly: input.recentHits > deps.rateLimit,
  };
  const corroborated = ua.browser === null || header.score > 0 || client.weight > 0 || client.clientScore > 0;
  const isBot =
    layers.ua_pattern ||
    layers.header_heuristics ||
    layers.client_signals ||
    layers.rate_anomaly ||
    (layers.bot_asn && corroborated);
  return {
    isBot,
    layers,
    botName: isBot ? ua.botName : '',
    botCategory: isBot ? ua.botCategory || 'unknown' : '',
    asn,
    ai: isBot ? ua.ai : null,
    signals: { header: header.signals, client: client.signals },
  };
}
