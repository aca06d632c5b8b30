// The ua_pattern layer: is the user agent a bot's (isbot plus our catalog, or empty), which bot, which browser it claims.
import { isbotMatch } from 'isbot';
import { LRUCache } from 'lru-cache';
import type { AiCrawler } from '../catalogs/bot-catalog.js';
import { type BrowserClaim, readBrowserClaim } from './browser-claim.js';
import { type BotIdentifier, identifyBot } from './identify-bot.js';

export interface UserAgentAnalysis {
  /** The ua_pattern layer. */
  readonly botUa: boolean;
  /** Catalog name, else the product named by isbot's match ("FooCrawler/1.0" -> "FooCrawler"), else ''. */
  readonly botName: string;
  /** Catalog category; `unknown` for an empty or isbot-only match; '' when not a bot user agent. */
  readonly botCategory: string;
  readonly ai: AiCrawler | null;
  readonly browser: BrowserClaim | null;
}

export type UserAgentAnalyser = (userAgent: string) => UserAgentAnalysis;

export interface UserAgentAnalyserOptions {
  readonly identify?: BotIdentifier;
  readonly cacheSize?: number;
}

/** Longer user agents are padded or hostile; bot tokens sit near the start. Keeps regex work bounded. */
const MAX_ANALYSED_LENGTH = 2048;
/** Longer strings are analysed but not cached, so the cache's memory stays bounded. */
const MAX_CACHED_LENGTH = 1024;
const PRODUCT = /^([A-Za-z][\w.-]{1,63})\/\d/;

function productName(isbotFragment: string): string {
  return PRODUCT.exec(isbotFragment)?.[1] ?? '';
}

function analyse(userAgent: string, identify: BotIdentifier): UserAgentAnalysis {
  const text = userAgent.trim().slice(0, MAX_ANALYSED_LENGTH);
  const browser = readBrowserClaim(text);
  if (text === '') return { botUa: true, botName: '', botCategory: 'unknown', ai: null, browser };
  const identity = identify(text);
  if (identity) return { botUa: true, botName: identity.name, botCategory: identity.category, ai: identity.ai, browser };
  const fragment = isbotMatch(text);
  if (fragment !== null) return { botUa: true, botName: productName(fragment), botCategory: 'unknown', ai: null, browser };
  return { botUa: false, botName: '', botCategory: '', ai: null, browser };
}

export function createUserAgentAnalyser(options: UserAgentAnalyserOptions = {}): UserAgentAnalyser {
  const identify = options.identify ?? identifyBot;
  const cache = new LRUCache<string, UserAgentAnalysis>({ max: options.cacheSize ?? 10_000 });
  return (userAgent) => {
    const cached = cache.get(userAgent);
    if (cached) return cached;
    const result = analyse(userAgent, identify);
    if (userAgent.length <= MAX_CACHED_LENGTH) cache.set(userAgent, result);
    return result;
  };
}

let defaultAnalyser: UserAgentAnalyser | undefined;

/** Shared, cached analyser over the catalog in catalogs/. */
export function analyseUserAgent(userAgent: string): UserAgentAnalysis {
  defaultAnalyser ??= createUserAgentAnalyser();
  return defaultAnalyser(userAgent);
}
