// CORS: the dashboard API answers credentialed calls from BASE_URL's origin only; tracking answers any origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('CORS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('allows credentials from BASE_URL and nothing from another origin on dashboard routes', async () => {
    const own = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'http://localhost:3001' } });
    expect(own.statusCode).toBe(200);
    expect([own.headers['access-control-allow-origin'], own.headers['access-control-allow-credentials'], own.headers.vary]).toEqual(['http://localhost:3001', 'true', 'Origin']);
    const foreign = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(200);
    expect([foreign.headers['access-control-allow-origin'], foreign.headers['access-control-allow-credentials']]).toEqual([undefined, undefined]);
  });

  it('answers a dashboard preflight with the methods and the requested headers', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/sites/1',
      headers: { origin: 'http://localhost:3001', 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'content-type,x-custom' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.body).toBe('');
    expect({
      origin: preflight.headers['access-control-allow-origin'],
      credentials: preflight.headers['access-control-allow-credentials'],
      methods: preflight.headers['access-control-allow-methods'],
      headers: preflight.headers['access-control-allow-headers'],
      maxAge: preflight.headers['access-control-max-age'],
    }).toEqual({ origin: 'http://localhost:3001', credentials: 'true', methods: 'GET, POST, PUT, PATCH, DELETE, OPTIONS', headers: 'content-type,x-custom', maxAge: '86400' });
  });

  it('reflects any origin without credentials on the tracking endpoint', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/track', headers: { origin: 'https://blog.example', 'content-type': 'application/json' }, payload: '{}' });
    expect(response.statusCode).toBe(400);
    expect([response.headers['access-control-allow-origin'], response.headers['access-control-allow-credentials']]).toEqual(['https://blog.example', undefined]);
  });
});
