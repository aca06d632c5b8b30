// Security headers on every answer, in one onSend hook: nosniff, a referrer policy, framing denied (unless an
// embed allow-list names the framing origins), HSTS when the request came over TLS, and a Content Security
// Policy: strict for the dashboard's page, its own for the API reference page, `default-src 'none'` for the rest.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Where the API reference (Scalar) is served: a page with one inline start-up script and injected styles. */
export const API_REFERENCE_PREFIX = '/api/docs';

/** A year; browsers keep to HTTPS for this long after an answer over TLS. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The dashboard (web/dist) is Vite's output: module scripts and stylesheets from /assets, no inline script or
 * style element (React and uPlot set styles through the DOM, which a policy does not restrict), the favicon a
 * data: URL, every call to its own origin.
 */
const DASHBOARD_POLICY = [
  "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "font-src 'self'",
  "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'",
];

/** Scalar's bundle inserts its stylesheet as a <style> element and sets style attributes; its start-up script is allowed by hash. */
function apiReferencePolicy(inlineScriptHashes: readonly string[]): string[] {
  return [
    "default-src 'self'", `script-src 'self'${inlineScriptHashes.map((hash) => ` '${hash}'`).join('')}`,
    "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:", "font-src 'self' data:", "connect-src 'self'",
    "worker-src 'self' blob:", "object-src 'none'", "base-uri 'none'", "form-action 'self'",
  ];
}

/** Anything that is not a page (JSON, scripts, CSV): nothing may load from it if a browser ever renders it. */
const NON_PAGE_POLICY = ["default-src 'none'"];

export interface SecurityHeadersOptions {
  /**
   * The origins that may frame this answer. Empty (the default, for every answer): no framing at all
   * (`frame-ancestors 'none'` and `X-Frame-Options: DENY`). An embed mode answers its embed pages with the
   * origins the site allows; only then is X-Frame-Options (which cannot name origins) left out.
   */
  readonly frameAncestors?: (request: FastifyRequest) => readonly string[] | Promise<readonly string[]>;
}

function isHtml(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.toLowerCase().startsWith('text/html');
}

/** `sha256-<base64>` of each inline script (one with no src attribute) in a page Loupe renders itself. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  let from = 0;
  for (;;) {
    const open = html.indexOf('<script', from);
    if (open === -1) return hashes;
    const tagEnd = html.indexOf('>', open);
    const close = tagEnd === -1 ? -1 : html.indexOf('</script>', tagEnd);
    if (close === -1) return hashes;
    if (!/\ssrc=/.test(html.slice(open, tagEnd))) {
      hashes.push(`sha256-${createHash('sha256').update(html.slice(tagEnd + 1, close)).digest('base64')}`);
    }
    from = close + '</script>'.length;
  }
}

function isApiReference(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0] ?? '';
  return path === API_REFERENCE_PREFIX || path.startsWith(`${API_REFERENCE_PREFIX}/`);
}

function contentPolicy(request: FastifyRequest, reply: FastifyReply, payload: unknown, frameAncestors: string): string {
  let directives = NON_PAGE_POLICY;
  if (isHtml(reply)) {
    directives = isApiReference(request) ? apiReferencePolicy(typeof payload === 'string' ? inlineScriptHashes(payload) : []) : DASHBOARD_POLICY;
  }
  return [...directives, `frame-ancestors ${frameAncestors}`].join('; ');
}

/** The policy of every answer that is not a page and may not be framed: most answers (tracking calls, JSON), so built once. */
const NON_PAGE_UNFRAMED_POLICY = [...NON_PAGE_POLICY, "frame-ancestors 'none'"].join('; ');

function setCommonHeaders(request: FastifyRequest, reply: FastifyReply, framed: boolean, html: boolean, policy: string): void {
  void reply.header('x-content-type-options', 'nosniff');
  if (!framed) void reply.header('x-frame-options', 'DENY');
  // Pages send no referrer to other sites (the dashboard links to its visitors' referrers); other answers the origin only.
  void reply.header('referrer-policy', html ? 'same-origin' : 'strict-origin-when-cross-origin');
  void reply.header('content-security-policy', policy);
  // request.protocol reads X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY), else the socket.
  if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions = {}): void {
  // A callback hook, not an async one: it runs on every answer (every tracking call), and only a page may need to
  // wait (for the origins allowed to frame it).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isHtml(reply)) {
      setCommonHeaders(request, reply, false, false, NON_PAGE_UNFRAMED_POLICY);
      done(null, payload);
      return;
    }
    // Only dashboard pages may be framed: an answer that is not HTML never asks.
    // Inside the chain, so that an allow-list lookup that throws fails this answer, as a rejection would.
    Promise.resolve().then(() => (options.frameAncestors ? options.frameAncestors(request) : [])).then((ancestors) => {
      const framed = ancestors.length > 0;
      setCommonHeaders(request, reply, framed, true, contentPolicy(request, reply, payload, framed ? ancestors.join(' ') : "'none'"));
      done(null, payload);
    }, (error: unknown) => done(error instanceof Error ? error : new Error(String(error))));
  });
}
