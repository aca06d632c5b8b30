// Attributes an event to one acquisition channel from its referrer, UTM parameters and ad click ids.
import { LRUCache } from 'lru-cache';
import { getDomain } from 'tldts';
import { loadChannelSources, type ChannelSources, type ClickIdRule, type SourceCategory } from './channel-sources.js';
import type { Channel } from './channels.js';
import { normalizeHost, referrerHost } from '../referrer.js';
import type { UrlParameters } from '../url-parameters.js';

export type { Channel } from './channels.js';

export interface ChannelInput {
  /** The referrer as sent (before self-referrals are cleared). */
  readonly referrer: string;
  /** The event's hostname. */
  readonly hostname: string;
  /** Parsed query parameters, keys lowercased (see parseUrlParameters). */
  readonly urlParameters: Readonly<UrlParameters>;
}

/** What the classifier needs to know about a host; computed once per host and cached. */
interface HostFacts {
  /** Registrable domain (private suffixes such as github.io count as public), or null for IPs and bare names. */
  readonly site: string | null;
  readonly category: SourceCategory | null;
}

/** The campaign signals of an event that carries UTM parameters or a click id; values lowercased. */
interface Tags {
  readonly source: string;
  readonly medium: string;
  readonly campaign: string;
  readonly clickId: ClickIdRule | null;
}

const HOST_CACHE_ENTRIES = 10_000;

function registrableDomain(host: string): string | null {
  return getDomain(host, { allowPrivateDomains: true });
}

/** True when both hosts belong to the same registrable domain (hosts without one, like IPs, must be equal). */
export function isSameSite(host: string, otherHost: string): boolean {
  if (host === otherHost) return true;
  const site = registrableDomain(host);
  return site !== null && site === registrableDomain(otherHost);
}

function tagValue(params: Readonly<UrlParameters>, key: string): string {
  const value = params[key];
  return value === undefined ? '' : value.trim().toLowerCase();
}

function firstMatch(rules: ChannelSources['mediums'], medium: string): Channel | null {
  if (medium === '') return null;
  for (const rule of rules) if (rule.pattern.test(medium)) return rule.channel;
  return null;
}

export class ChannelClassifier {
  private readonly hosts = new LRUCache<string, HostFacts>({ max: HOST_CACHE_ENTRIES });

  constructor(private readonly sources: ChannelSources) {}

  classify(input: ChannelInput): Channel {
    const refHost = referrerHost(input.referrer.trim());
    const referrer = refHost === '' ? null : this.hostFacts(refHost);
    const internal = referrer !== null && this.isInternal(refHost, referrer, input.hostname);
    const tags = this.tags(input.urlParameters);
    if (tags === null) {
      if (referrer === null) return 'Direct';
      if (internal) return 'Internal';
      return referrer.category?.organic ?? 'Referral';
    }
    return this.classifyTagged(tags, internal ? null : referrer);
  }

  /** UTM-tagged or click-id traffic; `referrer` is null when absent or internal. */
  private classifyTagged(tags: Tags, referrer: HostFacts | null): Channel {
    const { sources } = this;
    if (tags.campaign !== '' && sources.crossNetworkCampaign.test(tags.campaign)) return 'Cross-Network';
    const byMedium = firstMatch(sources.mediums, tags.medium);
    if (byMedium) return byMedium;

    const category = this.tagCategory(tags, referrer) ?? tags.clickId?.category ?? null;
    if (category) {
      const paid = (tags.medium !== '' && sources.paidMedium.test(tags.medium)) || tags.clickId?.paid === true;
      return paid ? category.paid : category.organic;
    }
    return firstMatch(sources.fallbackMediums, tags.medium) ?? (referrer ? 'Referral' : 'Unknown');
  }

  /** Category named by utm_source, else by the referrer, else a shopping campaign name. */
  private tagCategory(tags: Tags, referrer: HostFacts | null): SourceCategory | null {
    const { sources } = this;
    const named = tags.source === '' ? null : sources.categoryOfSource(normalizeHost(tags.source));
    if (named) return named;
    if (referrer?.category) return referrer.category;
    if (tags.campaign !== '' && sources.shoppingCampaign.test(tags.campaign)) {
      return sources.categoriesByName.get('shopping') ?? null;
    }
    return null;
  }

  private tags(params: Readonly<UrlParameters>): Tags | null {
    const source = tagValue(params, 'utm_source');
    const medium = tagValue(params, 'utm_medium');
    const campaign = tagValue(params, 'utm_campaign');
    const clickId = this.sources.clickIds.find((rule) => params[rule.parameter] !== undefined) ?? null;
    if (source === '' && medium === '' && campaign === '' && clickId === null) return null;
    return { source, medium, campaign, clickId };
  }

  private isInternal(refHost: string, referrer: HostFacts, hostname: string): boolean {
    const host = normalizeHost(hostname);
    return refHost === host || (referrer.site !== null && referrer.site === this.hostFacts(host).site);
  }

  private hostFacts(host: string): HostFacts {
    let facts = this.hosts.get(host);
    if (facts === undefined) {
      facts = { site: registrableDomain(host), category: this.sources.categoryOfHost(host) };
      this.hosts.set(host, facts);
    }
    return facts;
  }
}

const defaultClassifier = new ChannelClassifier(loadChannelSources());

/**
 * The event's channel: Direct without referrer or campaign tags, Internal for same-site referrers,
 * then explicit utm_medium channels, then the category of utm_source / referrer / click id (paid when
 * utm_medium or the click id says so), then generic mediums, Referral with a referrer, else Unknown.
 */
export function classifyChannel(input: ChannelInput): Channel {
  return defaultClassifier.classify(input);
}
