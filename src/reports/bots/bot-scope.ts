// Which bot_events rows a bot report reads: site and time range, the filters bot rows can answer, the layer.
import { z } from 'zod';
import { filterConditions } from '../../stats/filters.js';
import type { Filter } from '../../stats/filters.schema.js';
import { siteScopeConditions } from '../../stats/site-scope.js';
import { allOf, type SqlFragment } from '../../stats/sql-fragment.js';
import type { StatsQuery } from '../../stats/stats-query.js';

/** The detection layers; each is a UInt8 flag column of bot_events. */
export const BOT_LAYERS = ['ua_pattern', 'header_heuristics', 'client_signals', 'bot_asn', 'rate_anomaly'] as const;
export type BotLayer = (typeof BOT_LAYERS)[number];

export const layerParam = z
  .preprocess((value) => (value === '' ? undefined : value), z.enum(BOT_LAYERS).optional())
  .describe(`only bot requests flagged by this detection layer: ${BOT_LAYERS.join(', ')}`);

/**
 * Filter parameters whose catalog expression reads only columns that bot_events has too. Bot rows have
 * no sessions, UTM fields or language, so every other filter (channel, event_name, utm_*, ...) is left
 * out of bot reports rather than answered wrongly.
 */
const SHARED_PARAMETERS: ReadonlySet<string> = new Set([
  'browser', 'operating_system', 'device_type', 'country', 'hostname', 'pathname', 'referrer',
]);

export function sharedFilters(filters: readonly Filter[]): Filter[] {
  return filters.filter((filter) => SHARED_PARAMETERS.has(filter.parameter));
}

/** Site, range and the shared filters, through the one filter translator; valid on events and bot_events. */
function sharedConditions(query: StatsQuery): SqlFragment[] {
  return [
    ...siteScopeConditions(query.siteId, query.range),
    ...filterConditions(sharedFilters(query.filters), { siteId: query.siteId, range: query.range }),
  ];
}

/** The bot_events rows of a bot report; with a layer, only rows that layer flagged. */
export function botWhere(query: StatsQuery, layer: BotLayer | undefined): SqlFragment {
  // `layer` comes from the closed BOT_LAYERS list, so it is safe as an identifier.
  const flag: SqlFragment[] = layer === undefined ? [] : [{ sql: `${layer} = 1`, params: {} }];
  return allOf([...sharedConditions(query), ...flag]);
}

/** The human events a bot report compares with: the same site, range and shared filters. */
export function humanWhere(query: StatsQuery): SqlFragment {
  return allOf(sharedConditions(query));
}
