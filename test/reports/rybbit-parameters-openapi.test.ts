// The OpenAPI document describes the events count and autocapture routes and the Rybbit web app's parameters of
// sessions, users, goals and journeys, under the source document's tags; the new routes need a credential.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

interface Operation {
  tags: string[];
  description?: string;
  parameters: Array<{ name: string; in: string; schema?: { enum?: string[] } }>;
}

describe('OpenAPI of the Rybbit web app parameters', () => {
  let t: TestApp;
  let paths: Record<string, { get?: Operation }>;
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await signUp(t.app, 'rybbit-params@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'rybbit-params-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'rybbit-params.example.com' })).siteId;
    paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
  });
  afterAll(async () => t.close());

  const query = (path: string) => {
    const operation = paths[`/api/sites/{site}${path}`]?.get;
    if (!operation) throw new Error(`${path} is not documented`);
    return { tags: operation.tags, names: operation.parameters.filter((p) => p.in === 'query').map((p) => p.name), operation };
  };

  it.each([
    ['/events/count', 'Events', ['bucket', 'filters', 'time_zone']],
    ['/events/autocapture', 'Events', ['type', 'filters']],
    ['/events/autocapture-values', 'Events', ['type', 'filters']],
    ['/sessions/{sessionId}', 'Sessions', ['limit', 'offset', 'minutes']],
    ['/users', 'Users', ['search', 'search_field']],
    ['/goals', 'Goals', ['page', 'page_size', 'sort', 'order']],
    ['/journeys', 'Insights', ['steps', 'limit', 'stepFilters']],
  ])('documents %s under %s with its parameters', (path, tag, names) => {
    const documented = query(path);
    expect(documented.tags).toEqual([tag]);
    expect(documented.names).toEqual(expect.arrayContaining(names));
  });

  it('names the autocapture types and the form of lastOccurred', () => {
    const type = query('/events/autocapture').operation.parameters.find((p) => p.name === 'type');
    expect(type?.schema?.enum).toEqual(['outbound', 'button_click', 'form_submit', 'copy']);
    expect(query('/events/autocapture').operation.description).toBe(
      'Timestamps: `lastOccurred`: `YYYY-MM-DD HH:MM:SS` in UTC. Timestamp parameters accept both this form and ISO 8601.',
    );
  });

  it('needs a credential for the new routes, like the other reports', async () => {
    for (const url of ['/events/count', '/events/autocapture?type=copy', '/events/autocapture-values?type=copy']) {
      const res = await call(t.app, undefined, { method: 'GET', url: `/api/sites/${siteId}${url}` });
      expect(res.statusCode).toBe(401);
    }
  });
});
