// GET /api/openapi.json validates as OpenAPI 3.1 and describes every route with its security schemes.
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('OpenAPI description', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('validates as OpenAPI 3.1.1 with the source document version, schemes and tags', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.1');
    expect(doc.info.version).toBe('2.8.0-beta');
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['BearerAuth', 'CookieSession', 'QueryApiKey']);
    expect(doc.components.securitySchemes.QueryApiKey).toEqual({ type: 'apiKey', in: 'query', name: 'api_key' });
    expect(doc.components.securitySchemes.CookieSession).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' });
    expect(doc.components.securitySchemes.CookieSession.description).toContain("must carry an Origin header equal to BASE_URL's origin");
    expect(doc.tags.map((tag: { name: string }) => tag.name)).toContain('Session Replay');
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeDefined();
  });

  it("declares exactly the source document's endpoint groups and tags every operation with one of them", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const declared = (doc.tags as Array<{ name: string }>).map((tag) => tag.name);
    expect(declared).toEqual(['Annotations', 'Api Keys', 'Bots', 'Errors', 'Events', 'Funnels', 'General', 'Goals', 'Imports',
      'Insights', 'Organizations', 'Overview', 'Performance', 'Segments', 'Session Replay', 'Sessions', 'Sites', 'Teams',
      'User Traits', 'Users']);
    const undeclared: string[] = [];
    const tagOf: Record<string, string[]> = {};
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { tags?: string[] }>>)) {
      for (const [method, operation] of Object.entries(item)) {
        tagOf[`${method.toUpperCase()} ${path}`] = operation.tags ?? [];
        for (const tag of operation.tags ?? []) if (!declared.includes(tag)) undeclared.push(`${method} ${path}: ${tag}`);
      }
    }
    expect(undeclared).toEqual([]);
    expect(tagOf['GET /api/sites/{site}/retention']).toEqual(['Insights']);
    expect(tagOf['GET /api/sites/{site}/journeys']).toEqual(['Insights']);
    expect(tagOf['GET /api/sites/{site}/metric']).toEqual(['Overview']);
    expect(tagOf['GET /api/sites/{site}/live-user-count']).toEqual(['Overview']);
  });

  it('lists every registered API route with a security requirement', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { security?: unknown[] }>>)) {
      for (const [method, operation] of Object.entries(item)) {
        documented.add(`${method.toUpperCase()} ${path}`);
        expect(Array.isArray(operation.security), `${method} ${path}`).toBe(true);
      }
    }
    for (const route of ['POST /api/organizations/{organizationId}/sites', 'GET /api/sites/{site}', 'PUT /api/sites/{site}/config',
      'DELETE /api/sites/{site}', 'POST /api/user/api-keys', 'POST /api/organizations/{organizationId}/api-keys',
      'GET /api/auth/api-key/list', 'POST /api/auth/api-key/update', 'POST /api/auth/api-key/delete', 'GET /api/health']) {
      expect(documented.has(route), route).toBe(true);
    }
    expect(doc.paths['/api/auth/api-key/list'].get.security).toEqual([{ CookieSession: [] }]);
  });

  it('serves the interactive reference', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
