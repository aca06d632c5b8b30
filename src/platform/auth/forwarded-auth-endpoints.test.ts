// The list of forwarded better-auth endpoints: exact paths (no wildcard), each once, every documented one on it.
import { describe, expect, it } from 'vitest';
import { DOCUMENTED_AUTH_ROUTES } from './auth-route-docs.js';
import { FORWARDED_AUTH_ENDPOINTS } from './forwarded-auth-endpoints.js';

describe('FORWARDED_AUTH_ENDPOINTS', () => {
  const keys = FORWARDED_AUTH_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.url}`);

  it('names exact paths under /api/auth/, each once', () => {
    expect(new Set(keys).size).toBe(keys.length);
    for (const endpoint of FORWARDED_AUTH_ENDPOINTS) expect(endpoint.url).toMatch(/^\/api\/auth\/[a-z-]+(\/[a-z-]+)?(\/:[a-z]+)?$/);
  });

  it('holds every endpoint the OpenAPI document describes', () => {
    expect(DOCUMENTED_AUTH_ROUTES.map((route) => `${route.method} ${route.url}`).filter((key) => !keys.includes(key))).toEqual([]);
  });
});
