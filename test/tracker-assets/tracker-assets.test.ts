// The tracking script's files over HTTP: exact headers per coding, decompressed bytes equal to the build, 304, HEAD, the TRACKER_PATH alias.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBundle } from '../../src/tracker-assets/ensure-fresh-bundle.js';
import { projectTrackerLocation } from '../../src/tracker-assets/tracker-assets-module.js';
import { TrackerManifestSchema, type TrackerManifest } from '../../src/tracker-assets/tracker-manifest.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const ORIGIN = 'https://shop.example.com';
type Coding = 'br' | 'gzip' | 'identity';

let t: TestApp;
let manifest: TrackerManifest;
const built = new Map<string, Buffer>();

beforeAll(async () => {
  t = await createTestApp({ env: { TRACKER_PATH: '/static/lp/' } });
  const { distDir } = projectTrackerLocation();
  manifest = TrackerManifestSchema.parse(JSON.parse(readFileSync(join(distDir, 'manifest.json'), 'utf8')));
  for (const name of Object.keys(manifest.files)) built.set(name, readFileSync(join(distDir, name)));
});
afterAll(async () => t.close());

// The file list is known before the app starts: the same freshness check the app runs, so a missing build is made first.
const quiet = { info: () => undefined, warn: () => undefined };
const fileNames = Object.keys((await ensureFreshBundle(projectTrackerLocation(), quiet)).manifest.files);

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function encode(bytes: Buffer, coding: Coding): Buffer {
  if (coding === 'br') return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
  if (coding === 'gzip') return gzipSync(bytes, { level: 9 });
  return bytes;
}

function decode(bytes: Buffer, coding: string | undefined): Buffer {
  if (coding === 'br') return brotliDecompressSync(bytes);
  if (coding === 'gzip') return gunzipSync(bytes);
  return bytes;
}

function etagOf(name: string, coding: Coding): string {
  const tag = manifest.files[name]?.sha256.slice(0, 32) ?? '';
  return coding === 'identity' ? `"${tag}"` : `"${tag}-${coding}"`;
}

/** The answer's headers but those every answer carries (the date, the connection, and the security headers that
 * test/foundation/security-headers.test.ts pins for every route). */
function headersOf(res: LightMyRequestResponse): Record<string, unknown> {
  const {
    date: _date, connection: _connection, 'x-frame-options': _frames, 'referrer-policy': _referrer, 'content-security-policy': _policy, ...rest
  } = res.headers;
  return rest;
}

function expectedHeaders(name: string, coding: Coding, origin?: string): Record<string, string> {
  const body = encode(built.get(name) ?? Buffer.alloc(0), coding);
  return {
    ...(origin ? { 'access-control-allow-origin': origin } : {}),
    vary: origin ? 'Origin, Accept-Encoding' : 'Accept-Encoding',
    'cache-control': 'public, max-age=3600',
    etag: etagOf(name, coding),
    'content-type': 'application/javascript; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'cross-origin',
    ...(coding === 'identity' ? {} : { 'content-encoding': coding }),
    'content-length': String(body.length),
  };
}

describe('the build behind the routes', () => {
  it('has the core and at least the metrics module, each matching its manifest entry', () => {
    expect(Object.keys(manifest.files)).toEqual(expect.arrayContaining(['script.js', 'metrics.js']));
    for (const [name, entry] of Object.entries(manifest.files)) {
      expect(built.get(name)?.length).toBe(entry.bytes);
      expect(sha256(built.get(name) ?? Buffer.alloc(0))).toBe(entry.sha256);
    }
  });
});

describe.each(fileNames)('GET %s', (name) => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['identity;q=0, br;q=0.1', 'br'],
    ['deflate, zstd', 'identity'],
    [undefined, 'identity'],
  ] as const)('with Accept-Encoding %j answers %s, whose bytes decode to the built file', async (acceptEncoding, coding) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/${name}`, headers: { origin: ORIGIN, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) } });
    expect(res.statusCode).toBe(200);
    expect(headersOf(res)).toEqual(expectedHeaders(name, coding, ORIGIN));
    expect(res.rawPayload.equals(encode(built.get(name) ?? Buffer.alloc(0), coding))).toBe(true);
    expect(sha256(decode(res.rawPayload, res.headers['content-encoding'] as string | undefined))).toBe(manifest.files[name]?.sha256);
  });

  it('answers 304 with the validators to the ETag of the variant it would send, and 200 to another variant\'s ETag', async () => {
    const notModified = await t.app.inject({ method: 'GET', url: `/api/${name}`, headers: { 'accept-encoding': 'br', 'if-none-match': `"other", ${etagOf(name, 'br')}` } });
    expect(notModified.statusCode).toBe(304);
    expect(headersOf(notModified)).toEqual({ vary: 'Accept-Encoding', 'cache-control': 'public, max-age=3600', etag: etagOf(name, 'br'), 'x-content-type-options': 'nosniff' });
    expect(notModified.rawPayload.length).toBe(0);
    const weak = await t.app.inject({ method: 'GET', url: `/api/${name}`, headers: { 'if-none-match': `W/${etagOf(name, 'identity')}` } });
    expect(weak.statusCode).toBe(304);
    const otherVariant = await t.app.inject({ method: 'GET', url: `/api/${name}`, headers: { 'accept-encoding': 'gzip', 'if-none-match': etagOf(name, 'br') } });
    expect(otherVariant.statusCode).toBe(200);
    expect(headersOf(otherVariant)).toEqual(expectedHeaders(name, 'gzip'));
  });

  it('answers HEAD with the same headers and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: `/api/${name}`, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(headersOf(res)).toEqual(expectedHeaders(name, 'gzip'));
    expect(res.rawPayload.length).toBe(0);
  });

  it('serves the same file at TRACKER_PATH, open to any origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/static/lp/${name}`, headers: { origin: ORIGIN, 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(headersOf(res)).toEqual(expectedHeaders(name, 'br', ORIGIN));
    expect(sha256(brotliDecompressSync(res.rawPayload))).toBe(manifest.files[name]?.sha256);
  });
});

describe('what is not served', () => {
  it('answers 406 when the request excludes every coding, identity included', async () => {
    for (const acceptEncoding of ['identity;q=0', '*;q=0', 'br;q=0, gzip;q=0, identity;q=0']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/script.js', headers: { 'accept-encoding': acceptEncoding } });
      expect(res.statusCode).toBe(406);
      expect(res.json()).toEqual({ error: 'No acceptable content coding: this file is available as br, gzip or identity' });
    }
  });

  it.each(['/api/nope.js', '/api/manifest.json', '/static/lp/nope.js', '/static/lp/manifest.json', '/static/lp/script.js/x', '/api/script.js/x', '/static/script.js'])('answers 404 for %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: `Route GET ${url} not found` });
  });

  it('answers a preflight for a module from any origin', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/static/lp/metrics.js', headers: { origin: ORIGIN, 'access-control-request-method': 'GET' } });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });
});
