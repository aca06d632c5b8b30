// Loads catalogs/channel-sources.json once, validates it and compiles it into lookup maps and regular expressions.
import { readFileSync } from 'node:fs';
import { parse as parseDomain } from 'tldts';
import { z } from 'zod';
import { catalogPath } from '../catalogs/read-catalog.js';
import { CHANNELS, type Channel } from './channels.js';

const channelSchema = z.enum(CHANNELS);
const mediumRuleSchema = z.object({ pattern: z.string(), channel: channelSchema });
const hostSchema = z.string().regex(/^[a-z0-9.-]+(\.\*)?$/, 'lowercase host, optionally ending in .*');

const fileSchema = z.object({
  categories: z.array(
    z.object({
      category: z.string().min(1),
      organic: channelSchema,
      paid: channelSchema,
      hosts: z.array(hostSchema),
      sources: z.array(z.string().min(1)),
    }),
  ),
  mediums: z.array(mediumRuleSchema),
  fallbackMediums: z.array(mediumRuleSchema),
  paidMedium: z.string(),
  shoppingCampaign: z.string(),
  crossNetworkCampaign: z.string(),
  clickIds: z.array(z.object({ parameter: z.string().min(1), category: z.string().min(1), paid: z.boolean() })),
});

export type ChannelSourcesFile = z.infer<typeof fileSchema>;

/** A kind of traffic source (search engine, social network, ...) with its organic and paid channel. */
export interface SourceCategory {
  readonly name: string;
  readonly organic: Channel;
  readonly paid: Channel;
}

export interface MediumRule {
  readonly pattern: RegExp;
  readonly channel: Channel;
}

export interface ClickIdRule {
  readonly parameter: string;
  readonly category: SourceCategory;
  readonly paid: boolean;
}

export interface ChannelSources {
  /** Category of a normalized host (lowercase, no `www.`), or null. */
  categoryOfHost(host: string): SourceCategory | null;
  /** Category named by a lowercased utm_source, or null. */
  categoryOfSource(source: string): SourceCategory | null;
  readonly categoriesByName: ReadonlyMap<string, SourceCategory>;
  readonly mediums: readonly MediumRule[];
  readonly fallbackMediums: readonly MediumRule[];
  readonly paidMedium: RegExp;
  readonly shoppingCampaign: RegExp;
  readonly crossNetworkCampaign: RegExp;
  readonly clickIds: readonly ClickIdRule[];
}

const WILDCARD_SUFFIX = '.*';

/** Adds a key unless an earlier (higher-priority) category already claimed it. */
function claim<V>(map: Map<string, V>, key: string, value: V): void {
  if (!map.has(key)) map.set(key, value);
}

/**
 * Host lookup: first the host as `sub.brand.*` (any public suffix), then the host and each parent
 * domain against the plain entries, most specific first.
 */
function hostMatcher(plain: ReadonlyMap<string, SourceCategory>, wildcard: ReadonlyMap<string, SourceCategory>) {
  return (host: string): SourceCategory | null => {
    const parsed = parseDomain(host);
    if (parsed.domainWithoutSuffix) {
      const prefix = parsed.subdomain ? `${parsed.subdomain}.` : '';
      const match = wildcard.get(`${prefix}${parsed.domainWithoutSuffix}${WILDCARD_SUFFIX}`);
      if (match) return match;
    }
    let candidate = host;
    for (;;) {
      const match = plain.get(candidate);
      if (match) return match;
      const dot = candidate.indexOf('.');
      if (dot === -1) return null;
      candidate = candidate.slice(dot + 1);
    }
  };
}

function compileRules(rules: ChannelSourcesFile['mediums']): MediumRule[] {
  return rules.map((rule) => ({ pattern: new RegExp(rule.pattern, 'i'), channel: rule.channel }));
}

/** Validates and compiles the channel tables; throws on a malformed file or an unknown category name. */
export function compileChannelSources(input: unknown): ChannelSources {
  const file = fileSchema.parse(input);
  const categoriesByName = new Map<string, SourceCategory>();
  const plainHosts = new Map<string, SourceCategory>();
  const wildcardHosts = new Map<string, SourceCategory>();
  const sourceNames = new Map<string, SourceCategory>();
  for (const entry of file.categories) {
    const category: SourceCategory = { name: entry.category, organic: entry.organic, paid: entry.paid };
    categoriesByName.set(category.name, category);
    for (const host of entry.hosts) claim(host.endsWith(WILDCARD_SUFFIX) ? wildcardHosts : plainHosts, host, category);
    for (const source of entry.sources) claim(sourceNames, source.toLowerCase(), category);
  }
  const clickIds = file.clickIds.map((rule) => {
    const category = categoriesByName.get(rule.category);
    if (!category) throw new Error(`channel-sources: click id ${rule.parameter} names unknown category ${rule.category}`);
    return { parameter: rule.parameter, category, paid: rule.paid };
  });
  const categoryOfHost = hostMatcher(plainHosts, wildcardHosts);
  return {
    categoryOfHost,
    categoryOfSource: (source) => sourceNames.get(source) ?? (source.includes('.') ? categoryOfHost(source) : null),
    categoriesByName,
    mediums: compileRules(file.mediums),
    fallbackMediums: compileRules(file.fallbackMediums),
    paidMedium: new RegExp(file.paidMedium, 'i'),
    shoppingCampaign: new RegExp(file.shoppingCampaign, 'i'),
    crossNetworkCampaign: new RegExp(file.crossNetworkCampaign, 'i'),
    clickIds,
  };
}

export function loadChannelSources(path = catalogPath('channel-sources.json')): ChannelSources {
  return compileChannelSources(JSON.parse(readFileSync(path, 'utf8')));
}
