// A call with `Content-Type: application/json` and no body (as HTTP clients send a DELETE) is accepted; malformed JSON stays a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('JSON bodies', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app, 'empty-body@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'empty-body-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'empty-body.example.com' })).siteId;
  });
  afterAll(async () => t.close());

  const json = { 'content-type': 'application/json' };
  const createGoal = async () => {
    const res = await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/goals`, payload: { goalType: 'path', config: { pathPattern: '/thanks' } } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { goalId: number }).goalId;
  };

  it('deletes a goal on a DELETE with Content-Type: application/json and no body', async () => {
    const goalId = await createGoal();
    const res = await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${siteId}/goals/${goalId}`, headers: json });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const again = await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${siteId}/goals/${goalId}`, headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Goal not found' });
  });

  it.each([
    ['malformed JSON', '{', { error: "Body is not valid JSON but content-type is set to 'application/json'" }],
    ['whitespace only', '   ', { error: "Body is not valid JSON but content-type is set to 'application/json'" }],
    ['a poisoned prototype', '{"__proto__":{"admin":true}}', { error: "Body is not valid JSON but content-type is set to 'application/json'" }],
  ])('still answers 400 to %s, and deletes nothing', async (_label, payload, body) => {
    const goalId = await createGoal();
    const res = await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${siteId}/goals/${goalId}`, headers: json, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body);
    const list = await call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}/goals` });
    expect((list.json() as { data: Array<{ goalId: number }> }).data.map((goal) => goal.goalId)).toContain(goalId);
  });

  it('still requires the body of a route that has one', async () => {
    const res = await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/goals`, headers: json });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toMatch(/^Invalid body/);
  });
});
