// CORS in one cheap onRequest hook: the tracking endpoints (replay batches too) and the tracking script's files answer any origin
// without credentials; every other route allows credentials from BASE_URL's origin only. Preflights are
// answered here with 204.
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

const OPEN_PATHS = ['/api/track', '/api/identify', '/api/script.js', '/api/site/tracking-config/', '/api/session-replay/record/'];
const OPEN_METHODS = 'GET, POST, OPTIONS';
const DASHBOARD_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
/** Browsers cap this (Chromium at 2 hours); a day lets each apply its own maximum. */
const PREFLIGHT_MAX_AGE_SECONDS = '86400';

/** `/api/<name>.js`: the tracking script and its modules. */
function isTrackerFile(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path.startsWith('/api/') && path.endsWith('.js') && path.indexOf('/', 5) === -1;
}

function isOpenPath(url: string, extraOpenPrefixes: readonly string[]): boolean {
  for (const open of OPEN_PATHS) if (url.startsWith(open)) return true;
  for (const open of extraOpenPrefixes) if (url.startsWith(open)) return true;
  return isTrackerFile(url);
}

function isPreflight(request: FastifyRequest): boolean {
  return request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
}

/** `extraOpenPrefixes`: more URL prefixes open to any origin (the operator's TRACKER_PATH). */
export async function registerCors(app: FastifyInstance, baseUrl: string, extraOpenPrefixes: readonly string[] = []): Promise<void> {
  const dashboardOrigin = new URL(baseUrl).origin;

  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const origin = request.headers.origin;
    const open = isOpenPath(request.url, extraOpenPrefixes);
    if (origin !== undefined) {
      if (open) {
        void reply.header('access-control-allow-origin', origin);
      } else if (origin === dashboardOrigin) {
        void reply.header('access-control-allow-origin', origin).header('access-control-allow-credentials', 'true');
      }
      void reply.header('vary', 'Origin');
    }
    if (!isPreflight(request)) {
      done();
      return;
    }
    void reply.header('access-control-allow-methods', open ? OPEN_METHODS : DASHBOARD_METHODS);
    const requestedHeaders = request.headers['access-control-request-headers'];
    if (requestedHeaders !== undefined) void reply.header('access-control-allow-headers', requestedHeaders);
    void reply.header('access-control-max-age', PREFLIGHT_MAX_AGE_SECONDS).header('content-length', '0').code(204).send();
  });

  // Preflights reach the hook above only when some route matches, so every path has an OPTIONS route.
  app.options('*', { schema: { hide: true } }, async (_request, reply) => reply.code(204).send());
}
