// rrweb-shaped batches for replay tests: a page's Meta and FullSnapshot, then incremental events, with the
// times a recorder would give them, and the call that posts one to the record route.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface RrwebTestEvent {
  readonly type: number;
  readonly data: Record<string, unknown>;
  readonly timestamp: number;
}

/** Meta (4) and FullSnapshot (2) of a page holding `text`, as rrweb emits them when recording starts. */
export function pageStart(at: number, href: string, text: string): RrwebTestEvent[] {
  const textNode = { type: 3, textContent: text, id: 5 };
  const body = { type: 2, tagName: 'body', attributes: {}, childNodes: [{ type: 2, tagName: 'h1', attributes: {}, childNodes: [textNode], id: 4 }], id: 3 };
  const html = { type: 2, tagName: 'html', attributes: {}, childNodes: [{ type: 2, tagName: 'head', attributes: {}, childNodes: [], id: 6 }, body], id: 2 };
  return [
    { type: 4, data: { href, width: 1280, height: 720 }, timestamp: at },
    { type: 2, data: { node: { type: 0, childNodes: [html], id: 1 }, initialOffset: { left: 0, top: 0 } }, timestamp: at + 5 },
  ];
}

/** IncrementalSnapshot (3) mouse interactions (source 2, click = 2) on the heading, one per timestamp. */
export function clicks(...timestamps: number[]): RrwebTestEvent[] {
  return timestamps.map((timestamp) => ({ type: 3, data: { source: 2, type: 2, id: 4, x: 10, y: 10 }, timestamp }));
}

export interface ReplayCallOptions {
  readonly headers: Record<string, string>;
  readonly key?: string;
}

/** POST /api/session-replay/record/{site} with `body` as JSON (or as it is, when a string). */
export function recordReplay(app: FastifyInstance, site: string | number, body: unknown, options: ReplayCallOptions): Promise<LightMyRequestResponse> {
  const headers = { ...options.headers, ...(options.key ? { authorization: `Bearer ${options.key}` } : {}) };
  return app.inject({ method: 'POST', url: `/api/session-replay/record/${site}`, headers, payload: typeof body === 'string' ? body : JSON.stringify(body) });
}
