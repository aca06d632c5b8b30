// The dashboard served at `/` by the app: cache headers of hashed assets and index.html, the page fallback for
// dashboard URLs, JSON 404s kept for the API, and a build rebuilt at start when its sources changed.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerDashboardAssets, type DashboardOptions } from '../../src/dashboard-assets/dashboard-assets-module.js';
import { registerErrorHandler } from '../../src/platform/http/error-handler.js';
import { describeFile, DASHBOARD_MANIFEST_FILE, type DashboardManifest } from '../../src/dashboard-assets/dashboard-manifest.js';
import { dashboardSourceHash } from '../../src/dashboard-assets/dashboard-source-tree.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const INDEX = '<!doctype html><html lang="en"><head><title>Loupe</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = 'console.log("dashboard");';

/** A fake web/ folder: sources, and a `build` that writes a two-file dashboard with its manifest. */
function fixtureWeb(root: string) {
  const webDir = join(root, 'web');
  mkdirSync(join(webDir, 'src'), { recursive: true });
  for (const [file, text] of [['index.html', INDEX], ['src/main.tsx', 'export {};'], ['build.ts', '// build'], ['vite.config.ts', '// config']] as const) writeFileSync(join(webDir, file), text);
  const location = { webDir, nodeModulesDir: join(root, 'node_modules') };
  let builds = 0;
  const build = async (outDir: string): Promise<DashboardManifest> => {
    builds += 1;
    mkdirSync(join(outDir, 'assets'), { recursive: true });
    writeFileSync(join(outDir, 'index.html'), INDEX);
    writeFileSync(join(outDir, 'assets', 'index-abc123.js'), SCRIPT);
    const manifest: DashboardManifest = {
      sourceHash: dashboardSourceHash(location),
      files: { 'index.html': describeFile(Buffer.from(INDEX)), 'assets/index-abc123.js': describeFile(Buffer.from(SCRIPT)) },
    };
    writeFileSync(join(outDir, DASHBOARD_MANIFEST_FILE), JSON.stringify(manifest));
    return manifest;
  };
  return { webDir, distDir: join(webDir, 'dist'), location: { ...location, distDir: join(webDir, 'dist'), build }, builds: () => builds };
}

let root: string;
let web: ReturnType<typeof fixtureWeb>;
let loupe: TestApp;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'loupe-dashboard-'));
  web = fixtureWeb(root);
  loupe = await createTestApp({ env: { TRACKER_PATH: '/static/lp/' }, dashboard: { location: web.location, buildWhenStale: true } });
});
afterAll(async () => {
  await loupe?.close();
  rmSync(root, { recursive: true, force: true });
});

/** The dashboard module alone on a bare server (one embedded analytics store per process is the test app's). */
async function dashboardOnly(options: DashboardOptions) {
  const app = Fastify();
  registerErrorHandler(app);
  await registerDashboardAssets(app, options);
  return app;
}

const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => loupe.app.inject({ method, url });

describe('dashboard serving', () => {
  it('built the missing dashboard once at start', () => {
    expect(web.builds()).toBe(1);
    expect(JSON.parse(readFileSync(join(web.distDir, DASHBOARD_MANIFEST_FILE), 'utf8'))).toMatchObject({ sourceHash: dashboardSourceHash(web.location) });
  });

  it('serves index.html at / revalidated on every load', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX);
  });

  it('serves hashed assets cached for a year, immutable', async () => {
    const response = await get('/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(SCRIPT);
  });

  it.each(['/sites', '/sites/0123456789ab', '/sites/0123456789ab/install?x=1', '/sign-in?next=%2Fsites', '/setup'])('answers the dashboard URL %s with index.html', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe(INDEX);
  });

  it('answers HEAD for a dashboard URL like GET, without a body', async () => {
    const response = await get('/sites', 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe('');
  });

  it.each([
    ['/api/nope', 'Route GET /api/nope not found'],
    ['/api', 'Route GET /api not found'],
    ['/assets/index-gone.js', 'Route GET /assets/index-gone.js not found'],
    ['/static/lp/nope', 'Route GET /static/lp/nope not found'],
  ])('keeps the JSON 404 for %s', async (url, error) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error });
  });

  it.each([`/${DASHBOARD_MANIFEST_FILE}`, '/favicon.ico', '/sites/robots.txt'])('answers a missing file %s with the JSON 404, not the page', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: `Route GET ${url} not found` });
  });

  it('leaves the API routes to the API', async () => {
    const response = await get('/api/config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ disableSignup: false, emailEnabled: false, favicons: true, firstAccount: true, mapboxToken: null, liteDashboard: false, routeGroups: false, signInProviders: [] });
  });

  it('does not write the API 404 for a POST to a dashboard path as a page', async () => {
    const response = await loupe.app.inject({ method: 'POST', url: '/sites', headers: { origin: 'http://localhost:3001' }, payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Route POST /sites not found' });
  });
});

describe('dashboard freshness at start', () => {
  it('rebuilds when a source changed, and not when nothing did', async () => {
    const before = web.builds();
    const unchanged = await dashboardOnly({ location: web.location, buildWhenStale: true });
    await unchanged.close();
    expect(web.builds()).toBe(before);
    writeFileSync(join(web.webDir, 'src', 'main.tsx'), 'export const changed = true;');
    const changed = await dashboardOnly({ location: web.location, buildWhenStale: true });
    await changed.close();
    expect(web.builds()).toBe(before + 1);
  });

  it('rebuilds a damaged build', async () => {
    const before = web.builds();
    writeFileSync(join(web.distDir, 'assets', 'index-abc123.js'), 'tampered');
    const app = await dashboardOnly({ location: web.location, buildWhenStale: true });
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    await app.close();
    expect(web.builds()).toBe(before + 1);
    expect(response.body).toBe(SCRIPT);
  });

  it('answers 503 for dashboard URLs when there is no build and building is off, keeping API 404s', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'loupe-dashboard-none-'));
    const app = await dashboardOnly({ location: { webDir: empty, distDir: join(empty, 'dist') }, buildWhenStale: false });
    const page = await app.inject({ method: 'GET', url: '/sites' });
    const api = await app.inject({ method: 'GET', url: '/api/nope' });
    await app.close();
    rmSync(empty, { recursive: true, force: true });
    expect([page.statusCode, page.json()]).toEqual([503, { error: 'The dashboard is not built: run `npm run build:web`' }]);
    expect([api.statusCode, api.json()]).toEqual([404, { error: 'Route GET /api/nope not found' }]);
  });
});
