// GET /api/organizations/{org}/api-usage: Rybbit's shape, not metered, Loupe's per-key rate limit; access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, signUp, inviteAndAccept } from '../helpers/auth-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { secondsToNextUtcMidnight } from '../../src/api-keys/api-usage.routes.js';

describe('organization API usage', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let member: { cookie: string };
  let stranger: { cookie: string };
  let org: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-11T22:30:00.250Z'), env: { API_KEY_RATE_LIMIT_MAX: '120', API_KEY_RATE_LIMIT_WINDOW_SECONDS: '60' } });
    owner = await signUp(t.app, 'usage-owner@example.com');
    member = await signUp(t.app, 'usage-member@example.com');
    stranger = await signUp(t.app, 'usage-stranger@example.com');
    org = await createOrganization(t.app, owner.cookie, 'usage-org');
    await inviteAndAccept(t.app, owner, member, org, 'usage-member@example.com', 'member');
  });
  afterAll(async () => t.close());

  const EXPECTED = {
    metered: false, available: true, dailyUsed: 0, dailyLimit: 0, dailyRemaining: 0,
    resetsInSeconds: 5400, burstLimit: 120, burstWindowSeconds: 60,
  };

  it('answers Rybbit\'s shape to members and keys of the organization', async () => {
    const key = await createOrganizationKey(t.app, owner, org, { name: 'reader', permissions: { sites: ['read'] } });
    for (const who of [owner, member, { key: key.key }]) {
      const res = await call(t.app, who, { method: 'GET', url: `/api/organizations/${org}/api-usage` });
      expect([res.statusCode, res.json()]).toEqual([200, EXPECTED]);
    }
  });

  it('refuses callers without access', async () => {
    const narrow = await createOrganizationKey(t.app, owner, org, { name: 'analytics', permissions: { analytics: ['read'] } });
    const answers = [];
    for (const [who, url] of [
      [undefined, `/api/organizations/${org}/api-usage`],
      [stranger, `/api/organizations/${org}/api-usage`],
      [{ key: narrow.key }, `/api/organizations/${org}/api-usage`],
      [owner, '/api/organizations/no-such-org/api-usage'],
    ] as const) {
      const res = await call(t.app, who, { method: 'GET', url });
      answers.push([res.statusCode, res.json()]);
    }
    expect(answers).toEqual([
      [401, { error: 'Authentication required' }],
      [403, { error: 'Not a member of this organization' }],
      [403, { error: 'API key lacks the sites:read scope', required: 'sites:read' }],
      [404, { error: 'Organization not found' }],
    ]);
  });

  it.each([
    ['2026-03-11T00:00:00.000Z', 86_400],
    ['2026-03-11T23:59:59.001Z', 1],
    ['2026-03-11T23:59:59.000Z', 1],
    ['2026-03-11T12:00:00.500Z', 43_200],
  ])('counts the seconds to the next midnight UTC from %s', (at, seconds) => {
    expect(secondsToNextUtcMidnight(Date.parse(at))).toBe(seconds);
  });
});
