// The breakdown cards of the site dashboard and their tabs: which report each tab reads and what its rows filter.
import type { SharedBreakdown } from '../../api/breakdowns-query';
import { BREAKDOWN_LIMIT, FIRST_BREAKDOWNS, MAP_LIMIT } from '../../view-state/site-dashboard-breakdowns';

export type BreakdownTab =
  | { readonly kind: 'metric'; readonly label: string; readonly parameter: string }
  | { readonly kind: 'map'; readonly label: string }
  | { readonly kind: 'properties'; readonly label: string }
  | { readonly kind: 'outbound'; readonly label: string }
  | { readonly kind: 'engagement'; readonly label: string }
  /** Versions named with their browser or system (`parent`): versions-tab.tsx. */
  | { readonly kind: 'versions'; readonly label: string; readonly parent: string; readonly parentLabel: string; readonly parameter: string };

export interface BreakdownCardSpec {
  readonly title: string;
  readonly valueLabel: string;
  readonly tabs: readonly BreakdownTab[];
}

const metric = (label: string, parameter: string): BreakdownTab => ({ kind: 'metric', label, parameter });

export const BREAKDOWN_CARDS: readonly BreakdownCardSpec[] = [
  { title: 'Pages', valueLabel: 'Page', tabs: [metric('All', 'pathname'), metric('Entry', 'entry_page'), metric('Exit', 'exit_page'), metric('Titles', 'page_title'), { kind: 'engagement', label: 'Engagement' }] },
  {
    title: 'Sources',
    valueLabel: 'Source',
    tabs: [
      metric('Channels', 'channel'), metric('Referrers', 'referrer'), metric('UTM source', 'utm_source'), metric('UTM medium', 'utm_medium'),
      metric('UTM campaign', 'utm_campaign'), metric('UTM term', 'utm_term'), metric('UTM content', 'utm_content'),
    ],
  },
  { title: 'Locations', valueLabel: 'Location', tabs: [{ kind: 'map', label: 'Map' }, metric('Countries', 'country'), metric('Regions', 'region'), metric('Cities', 'city')] },
  {
    title: 'Devices',
    valueLabel: 'Device',
    tabs: [
      metric('Browsers', 'browser'), { kind: 'versions', label: 'Browser versions', parent: 'browser', parentLabel: 'Browser', parameter: 'browser_version' }, metric('OS', 'operating_system'),
      { kind: 'versions', label: 'OS versions', parent: 'operating_system', parentLabel: 'OS', parameter: 'operating_system_version' }, metric('Device types', 'device_type'), metric('Screen sizes', 'dimensions'),
    ],
  },
  { title: 'Languages', valueLabel: 'Language', tabs: [metric('Languages', 'language')] },
  { title: 'Hostnames', valueLabel: 'Hostname', tabs: [metric('Hostnames', 'hostname')] },
  { title: 'Custom events', valueLabel: 'Event', tabs: [metric('Events', 'event_name'), { kind: 'properties', label: 'Properties' }] },
  { title: 'Outbound links', valueLabel: 'Link', tabs: [{ kind: 'outbound', label: 'Outbound links' }] },
];

export { BREAKDOWN_LIMIT, MAP_LIMIT };

/** The cards' first /metric questions, in the cards' order (what FIRST_BREAKDOWNS must equal: dashboard-pieces.test.ts). */
export const firstQuestionsOf = (cards: readonly BreakdownCardSpec[]): SharedBreakdown[] =>
  cards.map((card) => card.tabs[0]).flatMap((tab): SharedBreakdown[] => {
    if (tab?.kind === 'map') return [{ parameter: 'country', limit: MAP_LIMIT }];
    return tab?.kind === 'metric' ? [{ parameter: tab.parameter, limit: BREAKDOWN_LIMIT }] : [];
  });

/**
 * Every card's first /metric tab (Pages, Sources, Locations, Devices, Languages, Hostnames, Custom events): one
 * question, asked before the bundle has run on the dashboard's first view, else by the first of them in view
 * (api/breakdowns-query.ts).
 */
export const SHARED_BREAKDOWNS: readonly SharedBreakdown[] = FIRST_BREAKDOWNS;

/** What a /metric breakdown counts: a custom event's occurrences for event_name, sessions for every other dimension. */
export const countsEvents = (parameter: string) => parameter === 'event_name';
