// No credential reaches the logs: a real server's log stream, at info and at trace, while keys, cookies,
// passwords and webhook secrets travel in URLs, headers and bodies.
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signIn, signUp } from '../helpers/auth-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const PASSWORD = 'correct-horse-9';
/** A well-formed key of another instance: unknown here (401), still a credential. */
const FOREIGN_KEY = `lpo_${'Q'.repeat(64)}`;
const CALLBACK_TOKEN = 'callbacktoken0123456789';

class LogBuffer {
  readonly lines: string[] = [];
  write(line: string): void {
    this.lines.push(line);
  }
  get text(): string {
    return this.lines.join('');
  }
}

/** Sends bytes on a raw socket and waits for the server to answer or close. */
function sendRaw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe.each(['info', 'trace'] as const)('logs at %s', (level) => {
  let t: TestApp;
  afterEach(async () => t.close());

  it('never contain a key, cookie, password or secret; access-log URLs show api_key=[REDACTED]', async () => {
    const logs = new LogBuffer();
    t = await createTestApp({ env: { LOG_LEVEL: level }, logDestination: logs, resolveHost: async () => [{ address: '93.184.216.34', family: 4 }] });
    const owner = await signUp(t.app, 'logged@example.com', PASSWORD);
    const sessionToken = owner.cookie.slice(owner.cookie.indexOf('=') + 1);
    const orgId = await createOrganization(t.app, owner.cookie, 'logged-org');
    const site = await createSite(t.app, owner, orgId, { domain: 'logged.example.com' });
    const key = (await createOrganizationKey(t.app, owner, orgId)).key;
    const webhook = await call(t.app, owner, { method: 'POST', url: `/api/sites/${site.siteId}/webhooks`, payload: { url: 'https://hooks.example.com/in', eventNames: ['signup'] } });
    const { id: webhookId, secret: firstSecret } = webhook.json<{ data: { id: string; secret: string } }>().data;
    const privateLinkKey = (await call(t.app, owner, { method: 'POST', url: `/api/sites/${site.siteId}/private-link-config`, payload: { action: 'generate_private_link_key' } }))
      .json<{ data: { privateLinkKey: string } }>().data.privateLinkKey;
    const base = `http://127.0.0.1:${await listen(t)}`;

    const byQuery = await fetch(`${base}/api/sites/${site.siteId}?api_key=${key}`);
    const byBearer = await fetch(`${base}/api/sites/${site.siteId}`, { headers: { authorization: `Bearer ${key}`, 'x-api-key': key } });
    const unknownKey = await fetch(`${base}/api/sites/${site.siteId}?period=7d&api_key=${FOREIGN_KEY}`);
    const unknownRoute = await fetch(`${base}/api/no-such-route?api_key=${key}`);
    const rotated = await fetch(`${base}/api/sites/${site.siteId}/webhooks/${webhookId}/rotate-secret?api_key=${key}`, { method: 'POST' });
    const secondSecret = (await rotated.json() as { data: { secret: string } }).data.secret;
    const withCookie = await fetch(`${base}/api/sites/${site.siteId}`, { headers: { cookie: owner.cookie } });
    const byPrivateLink = await fetch(`${base}/api/sites/${site.siteId}/has-data`, { headers: { 'x-private-key': privateLinkKey } });
    const badCallback = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: 'http://localhost:3001', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'logged@example.com', password: PASSWORD, callbackURL: `https://evil.example.com/cb?token=${CALLBACK_TOKEN}` }),
    });
    const wrongPassword = await signIn(t.app, 'logged@example.com', `${PASSWORD}-wrong`);
    expect([byQuery.status, byBearer.status, unknownKey.status, unknownRoute.status, rotated.status, withCookie.status, byPrivateLink.status, badCallback.status, wrongPassword.statusCode])
      .toEqual([200, 200, 401, 404, 200, 200, 200, 403, 401]);

    const log = logs.text;
    for (const secret of [key, FOREIGN_KEY, sessionToken, PASSWORD, firstSecret, secondSecret, CALLBACK_TOKEN, privateLinkKey]) expect(log).not.toContain(secret);
    expect(log).toContain(`"url":"/api/sites/${site.siteId}?api_key=[REDACTED]"`);
    expect(log).toContain(`"url":"/api/sites/${site.siteId}?period=7d&api_key=[REDACTED]"`);
    expect(log).toContain('"url":"/api/no-such-route?api_key=[REDACTED]"');
    // better-auth's own logger, refusing the callback URL, names it: with the token redacted.
    expect(log).toContain('better-auth: Invalid callbackURL: https://evil.example.com/cb?token=[REDACTED]');
  });

  it('never write the raw bytes of a malformed request (its request line and headers)', async () => {
    const logs = new LogBuffer();
    t = await createTestApp({ env: { LOG_LEVEL: level }, logDestination: logs });
    const port = await listen(t);
    const answer = await sendRaw(port, `GET /api/sites/1?api_key=${FOREIGN_KEY} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${FOREIGN_KEY}\r\nBad Header\r\n\r\n`);
    expect(answer.startsWith('HTTP/1.1 400 Bad Request')).toBe(true);
    expect(logs.text).not.toContain(FOREIGN_KEY);
    expect(logs.text).not.toContain('"rawPacket":{');
    // Fastify logs the parse error only at trace; there its raw packet is censored.
    expect(logs.text.includes('"rawPacket":"[REDACTED]"')).toBe(level === 'trace');
  });
});

async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
