// The header_heuristics layer: headers a real browser always sends that are missing or contradict the user agent, scored.
import { z } from 'zod';
import type { BrowserClaim } from './browser-claim.js';
import { readCatalog } from '../catalogs/read-catalog.js';

export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

const RULE_IDS = [
  'headless_brand',
  'missing_accept_language',
  'client_hints_on_non_chromium',
  'client_hints_version_mismatch',
  'missing_accept',
  'missing_accept_encoding',
  'missing_fetch_metadata',
  'missing_client_hints',
] as const;
export type HeaderRuleId = (typeof RULE_IDS)[number];

const rule = z.object({ weight: z.number().int().min(1), why: z.string() });
export const headerHeuristicsSchema = z.object({
  threshold: z.number().int().min(1),
  rules: z.object(Object.fromEntries(RULE_IDS.map((id) => [id, rule])) as Record<HeaderRuleId, typeof rule>),
  fetchMetadataSince: z.object({ chromium: z.number(), firefox: z.number(), safari: z.number() }),
  clientHintsSince: z.object({ chromium: z.number() }),
});
export type HeaderHeuristicsConfig = z.infer<typeof headerHeuristicsSchema>;

export interface HeaderScore {
  readonly score: number;
  /** Rules that held, in the order of the table below. */
  readonly signals: readonly HeaderRuleId[];
  readonly flagged: boolean;
}

/** The request's headers by lower-case name, read by the rules. A class, so no closures are made per event. */
class HeaderView {
  private readonly lower = new Map<string, string>();
  /** Brand -> major version, from sec-ch-ua. */
  readonly brands = new Map<string, number>();

  constructor(
    headers: RequestHeaders,
    readonly browser: BrowserClaim | null,
  ) {
    for (const name in headers) {
      const value = headers[name];
      if (value === undefined) continue;
      this.lower.set(name.toLowerCase(), (Array.isArray(value) ? value.join(', ') : value).trim());
    }
    const clientHints = this.lower.get('sec-ch-ua');
    if (clientHints === undefined) return;
    for (const found of clientHints.matchAll(/"([^"]*)"\s*;\s*v\s*=\s*"(\d+)/g)) {
      if (found[1] !== undefined) this.brands.set(found[1].toLowerCase(), Number(found[2]));
    }
  }

  get(name: string): string {
    return this.lower.get(name) ?? '';
  }

  hasBrandContaining(text: string): boolean {
    for (const brand of this.brands.keys()) if (brand.includes(text)) return true;
    return false;
  }

  hasPrefix(prefix: string): boolean {
    for (const key of this.lower.keys()) if (key.startsWith(prefix)) return true;
    return false;
  }
}

type RuleTest = (h: HeaderView, config: HeaderHeuristicsConfig) => boolean;

function fetchMetadataExpected(browser: BrowserClaim | null, config: HeaderHeuristicsConfig): boolean {
  if (!browser || browser.family === 'other') return false;
  return browser.major >= config.fetchMetadataSince[browser.family];
}

/**
 * The rules. Weights and the threshold live in catalogs/header-heuristics.json.
 *
 * | rule                          | holds when                                                                 |
 * |-------------------------------|----------------------------------------------------------------------------|
 * | headless_brand                | a sec-ch-ua brand contains "Headless"                                      |
 * | missing_accept_language       | no Accept-Language, or an empty one                                        |
 * | client_hints_on_non_chromium  | sec-ch-ua is sent but the user agent claims Firefox or Safari              |
 * | client_hints_version_mismatch | sec-ch-ua's "Chromium" version differs from the user agent's Chrome major  |
 * | missing_accept                | no Accept                                                                  |
 * | missing_accept_encoding       | no Accept-Encoding                                                         |
 * | missing_fetch_metadata        | the claimed browser version sends Sec-Fetch-* and none came                |
 * | missing_client_hints          | the claimed Chromium version sends sec-ch-ua and it did not come           |
 */
const RULE_TESTS: Record<HeaderRuleId, RuleTest> = {
  headless_brand: (h) => h.hasBrandContaining('headless'),
  missing_accept_language: (h) => h.get('accept-language') === '',
  client_hints_on_non_chromium: (h) =>
    h.get('sec-ch-ua') !== '' && (h.browser?.family === 'firefox' || h.browser?.family === 'safari'),
  client_hints_version_mismatch: (h) => {
    const claimed = h.brands.get('chromium');
    return h.browser?.family === 'chromium' && claimed !== undefined && claimed !== h.browser.major;
  },
  missing_accept: (h) => h.get('accept') === '',
  missing_accept_encoding: (h) => h.get('accept-encoding') === '',
  missing_fetch_metadata: (h, config) => fetchMetadataExpected(h.browser, config) && !h.hasPrefix('sec-fetch-'),
  missing_client_hints: (h, config) =>
    h.browser?.family === 'chromium' && h.browser.major >= config.clientHintsSince.chromium && h.get('sec-ch-ua') === '',
};

let defaultConfig: HeaderHeuristicsConfig | undefined;

export function loadHeaderHeuristicsConfig(): HeaderHeuristicsConfig {
  defaultConfig ??= readCatalog('header-heuristics.json', headerHeuristicsSchema);
  return defaultConfig;
}

export function scoreHeaderHeuristics(
  headers: RequestHeaders,
  browser: BrowserClaim | null,
  config: HeaderHeuristicsConfig = loadHeaderHeuristicsConfig(),
): HeaderScore {
  const view = new HeaderView(headers, browser);
  const signals: HeaderRuleId[] = [];
  let score = 0;
  for (const id of RULE_IDS) {
    if (!RULE_TESTS[id](view, config)) continue;
    signals.push(id);
    score += config.rules[id].weight;
  }
  return { score, signals, flagged: score >= config.threshold };
}
