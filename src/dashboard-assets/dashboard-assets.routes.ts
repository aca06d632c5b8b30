// Serves the built dashboard at `/`: hashed assets cached for good, index.html revalidated, and index.html for
// every other GET outside /api (the app's own routes), so a bookmarked dashboard URL opens the page.
import fastifyStatic from '@fastify/static';
import { relative, sep } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DASHBOARD_MANIFEST_FILE } from './dashboard-manifest.js';

export interface DashboardAssetsRoutesOptions {
  /** The build folder; undefined when there is no build to serve. */
  readonly distDir: string | undefined;
  /** Other path prefixes the server answers itself (TRACKER_PATH's folder), ending in `/`. */
  readonly reservedPrefixes: readonly string[];
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** Vite names every file under assets/ after its content's hash. */
const HASHED_PREFIX = '/assets/';

/** A last path segment with an extension names a file, never a dashboard page. */
const FILE_NAME = /\.[A-Za-z0-9]{1,8}$/;

/**
 * Paths the page fallback never answers (their 404 stays JSON): the API's, missing hashed files, the other
 * prefixes the server owns, and anything named like a file.
 */
function isReservedPath(path: string, reservedPrefixes: readonly string[]): boolean {
  if (path === '/api' || path.startsWith('/api/') || path.startsWith(HASHED_PREFIX)) return true;
  if (reservedPrefixes.some((prefix) => path.startsWith(prefix))) return true;
  return FILE_NAME.test(path.slice(path.lastIndexOf('/') + 1));
}

const pathOf = (request: FastifyRequest): string => request.url.split('?')[0] ?? '/';

export const dashboardAssetsRoutes: FastifyPluginAsync<DashboardAssetsRoutesOptions> = async (app, { distDir, reservedPrefixes }) => {
  if (distDir === undefined) {
    app.get('/*', { schema: { hide: true } }, async (request, reply: FastifyReply) => {
      if (isReservedPath(pathOf(request), reservedPrefixes)) return reply.callNotFound();
      return reply.status(503).header('cache-control', REVALIDATE).send({ error: 'The dashboard is not built: run `npm run build:web`' });
    });
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    schemaHide: true,
    cacheControl: false,
    globIgnore: [DASHBOARD_MANIFEST_FILE],
    setHeaders: (reply, path) => {
      const served = `/${relative(distDir, path).split(sep).join('/')}`;
      reply.header('cache-control', served.startsWith(HASHED_PREFIX) ? IMMUTABLE : REVALIDATE);
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    if (isReservedPath(pathOf(request), reservedPrefixes)) return reply.callNotFound();
    return reply.sendFile('index.html');
  });
};
