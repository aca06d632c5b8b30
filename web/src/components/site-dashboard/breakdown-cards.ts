// The breakdown cards of the site dashboard and their tabs: which report each tab reads and what its rows filter.
import type { SharedBreakdown } from '../../api/breakdowns-query';

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

/** How many rows a card shows (the API ranks and cuts them). */
export const BREAKDOWN_LIMIT = 10;

/** How many countries the map asks for. */
export const MAP_LIMIT = 300;

/** Breakdowns by a value per session, which the server answers together in one read of the session rows. */
const SESSION_VALUES: ReadonlySet<string> = new Set(['channel', 'country', 'browser', 'operating_system', 'device_type', 'language', 'hostname', 'referrer']);

const firstQuestionOf = (tab: BreakdownTab | undefined): SharedBreakdown | undefined => {
  if (tab?.kind === 'map') return { parameter: 'country', limit: MAP_LIMIT };
  return tab?.kind === 'metric' ? { parameter: tab.parameter, limit: BREAKDOWN_LIMIT } : undefined;
};

/**
 * The first tabs of the cards that break sessions down by one of their values (Sources, Locations, Devices, Languages,
 * Hostnames): asked as one question when the first of them comes into view (api/breakdowns-query.ts).
 */
export const SHARED_BREAKDOWNS: readonly SharedBreakdown[] = BREAKDOWN_CARDS.map((card) => firstQuestionOf(card.tabs[0])).filter(
  (question): question is SharedBreakdown => question !== undefined && SESSION_VALUES.has(question.parameter),
);

/** What a /metric breakdown counts: a custom event's occurrences for event_name, sessions for every other dimension. */
export const countsEvents = (parameter: string) => parameter === 'event_name';
