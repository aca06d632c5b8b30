// Each platform's row mapper.
import type { ImportPlatform } from './import-platforms.js';
import type { RowMapper } from './mapped-row.js';
import { ga4Row } from './platforms/ga4-rows.js';
import { loupeRow } from './platforms/loupe-rows.js';
import { matomoRow } from './platforms/matomo-rows.js';
import { plausibleAggregateRow } from './platforms/plausible-aggregate-rows.js';
import { plausibleEventRow } from './platforms/plausible-event-rows.js';
import { postHogRow } from './platforms/posthog-rows.js';
import { simpleAnalyticsRow } from './platforms/simple-analytics-rows.js';
import { umamiRow } from './platforms/umami-rows.js';

export const ROW_MAPPERS: Readonly<Record<ImportPlatform, RowMapper>> = {
  umami: umamiRow,
  simple_analytics: simpleAnalyticsRow,
  plausible: plausibleEventRow,
  loupe: loupeRow,
  plausible_csv: plausibleAggregateRow,
  ga4: ga4Row,
  posthog: postHogRow,
  matomo: matomoRow,
};
