// What the request-time steps share about one tracking call, filled in as they run.
import type { Site } from '../../sites/index.js';
import type { TrackPayload } from '../track.schema.js';

export interface TrackRequest {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly socketIp: string;
  readonly bearerKey: string | undefined;
  /** The JSON text the payload was validated from, when the caller kept it. */
  readonly body?: string;
}

export interface TrackContext {
  readonly payload: TrackPayload;
  readonly request: TrackRequest;
  readonly nowMs: number;
  site?: Site;
  /** A valid key of the site's organization with ingest:write (or full access): skips bot and origin checks. */
  trusted: boolean;
  /** A valid API key came with the call: only key-less requests are ever classified as bots. */
  keyed?: boolean;
  ip: string;
  userAgent: string;
}

export function siteOf(context: TrackContext): Site {
  if (!context.site) throw new Error('resolve-site must run first');
  return context.site;
}
