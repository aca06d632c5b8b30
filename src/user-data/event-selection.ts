// A selection of a site's events, as the erase and rewrite paths take it.
import type { QueryParams } from '../platform/analytics-store/analytics-store.js';

/** A condition on `events` rows, scoped to `{siteId:UInt32}` by the caller's SQL, with its bound values. */
export interface EventSelection {
  readonly where: string;
  readonly params: QueryParams & { readonly siteId: number };
}
