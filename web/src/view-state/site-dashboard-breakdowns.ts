// The breakdowns the site dashboard's cards open on (each card's first tab that reads /metric, the map's countries
// among them), asked together as one GET /breakdowns: by the first card in view, or before the bundle has run
// (site-dashboard-first-questions.ts). Pinned against the cards' own tabs by dashboard-pieces.test.ts.
import type { SharedBreakdown } from '../api/breakdowns-query';

/** How many rows a card shows (the API ranks and cuts them). */
export const BREAKDOWN_LIMIT = 10;

/** How many countries the map asks for. */
export const MAP_LIMIT = 300;

/** In the cards' order: Pages, Sources, Locations (the map), Devices, Languages, Hostnames, Custom events. */
export const FIRST_BREAKDOWNS: readonly SharedBreakdown[] = [
  { parameter: 'pathname', limit: BREAKDOWN_LIMIT },
  { parameter: 'channel', limit: BREAKDOWN_LIMIT },
  { parameter: 'country', limit: MAP_LIMIT },
  { parameter: 'browser', limit: BREAKDOWN_LIMIT },
  { parameter: 'language', limit: BREAKDOWN_LIMIT },
  { parameter: 'hostname', limit: BREAKDOWN_LIMIT },
  { parameter: 'event_name', limit: BREAKDOWN_LIMIT },
];
