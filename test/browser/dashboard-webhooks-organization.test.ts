// The webhook and organization pages in headless Chromium against a real Loupe server and a real HTTPS receiver
// on loopback: a webhook is created with an event name and a goal as triggers, its secret (shown once) signs the
// test ping the page reports as the API answered it, rotation gives a secret that signs the next one, the delivery
// log shows what GET /deliveries returns, a webhook disabled after failed attempts shows why and is re-enabled;
// a member is invited and accepts, is made admin, another removed, someone invited (the members table downloads as CSV), a team created and renamed, an organization key created and revoked; a
// member is not offered admin actions. Every page in light and dark, desktop and 375 px.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { verifySignature } from '../helpers/verify-webhook-signature.js';
import { startHttpsReceiver, type HttpsReceiver, type ReceivedRequest } from '../helpers/https-receiver.js';
import { checkPages, SCREENSHOT_DIR, startDashboardHarness, type DashboardHarness } from './dashboard-harness.js';

let h: DashboardHarness;
let receiver: HttpsReceiver;
const storage: Record<string, Awaited<ReturnType<BrowserContext['storageState']>>> = {};
let organization = '';
let site = '';
let ingestKey = '';
let goalId = 0;
let webhookId = '';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const PASSWORD = 'correct-horse-9';

async function post(request: APIRequestContext, path: string, data: unknown): Promise<Record<string, unknown>> {
  const response = await request.post(`${h.loupeUrl}${path}`, { data, headers: { origin: h.loupeUrl } });
  expect([path, response.status()]).toEqual([path, 200]);
  return await response.json() as Record<string, unknown>;
}

/** An invitation link's invitationId parameter ("<id>.<token>"), what accept-invitation needs. */
function linkReference(inviteLink: string): string {
  return new URL(inviteLink).searchParams.get('invitationId') ?? '';
}

async function get<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`${h.loupeUrl}${path}`);
  expect([path, response.status()]).toEqual([path, 200]);
  return await response.json() as T;
}

async function signUp(name: string, email: string): Promise<APIRequestContext> {
  const context = await h.browser.newContext();
  await post(context.request, '/api/auth/sign-up/email', { name, email, password: PASSWORD });
  storage[email] = await context.storageState();
  return context.request;
}

beforeAll(async () => {
  receiver = await startHttpsReceiver();
  // Private targets: the receiver is on loopback. Short retries: a failing endpoint reaches the disable threshold in seconds.
  h = await startDashboardHarness({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_DELAYS: '200ms,200ms,200ms,200ms,200ms' } });
  console.log(`dashboard screenshots: ${SCREENSHOT_DIR}`);
  const owner = await signUp('Ada', 'ada@example.com');
  organization = String((await post(owner, '/api/auth/organization/create', { name: 'Ada Analytics', slug: 'ada-analytics' })).id);
  site = String((await post(owner, `/api/organizations/${organization}/sites`, { domain: 'shop.example.com', name: 'Ada shop' })).id);
  goalId = Number((await post(owner, `/api/sites/${site}/goals`, { name: 'Purchases', goalType: 'event', config: { eventName: 'purchase' } })).goalId);
  ingestKey = String((await post(owner, `/api/organizations/${organization}/api-keys`, { name: 'ingest', permissions: { ingest: ['write'] } })).key);
  await signUp('Bob', 'bob@example.com');
  const carol = await signUp('Carol', 'carol@example.com');
  const dan = await signUp('Dan', 'dan@example.com');
  for (const [email, invitee] of [['carol@example.com', carol], ['dan@example.com', dan]] as const) {
    const { inviteLink } = await post(owner, `/api/organizations/${organization}/members`, { email, role: 'member' });
    await post(invitee, '/api/auth/organization/accept-invitation', { invitationId: linkReference(String(inviteLink)) });
  }
});
afterAll(async () => {
  await h?.close();
  await receiver?.close();
});

function as(email: string, viewport = DESKTOP, colorScheme: 'light' | 'dark' = 'light'): Promise<BrowserContext> {
  return h.browser.newContext({ viewport, colorScheme, storageState: storage[email] });
}

async function track(eventName: string): Promise<void> {
  const response = await h.loupe.app.inject({
    method: 'POST', url: '/api/track', headers: { authorization: `Bearer ${ingestKey}` },
    payload: { site_id: site, hostname: 'shop.example.com', type: 'custom_event', event_name: eventName, pathname: '/checkout' },
  });
  expect(response.json()).toEqual({ success: true });
}

/** Clicks "Send a test ping" and returns the API's answer the page received. */
async function ping(page: Page): Promise<{ success: boolean; status_code: number | null; duration_ms: number; error: string | null }> {
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => candidate.url().endsWith(`/webhooks/${webhookId}/test`)),
    page.getByRole('button', { name: 'Send a test ping' }).click(),
  ]);
  return ((await response.json()) as { data: { success: boolean; status_code: number | null; duration_ms: number; error: string | null } }).data;
}

const signed = (secret: string, request: ReceivedRequest | undefined) =>
  verifySignature(secret, String(request?.headers['service-signature'] ?? ''), request?.rawBody ?? '', Math.floor(Date.now() / 1000));

interface DeliveryJson { id: string; status: string; attempts: number; response_code: number | null; error: string | null; trigger: { kind: string; name: string } }

/**
 * Waits until the API's log satisfies `ok`, then refreshes the page's log and returns the answer the page received
 * (what its table must show).
 */
async function settledLog(page: Page, request: APIRequestContext, ok: (log: DeliveryJson[]) => boolean): Promise<DeliveryJson[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const log = (await get<{ data: DeliveryJson[] }>(request, `/api/sites/${site}/webhooks/${webhookId}/deliveries`)).data;
    if (ok(log)) break;
    if (Date.now() > deadline) throw new Error(`delivery log never settled: ${JSON.stringify(log)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => candidate.url().endsWith(`/webhooks/${webhookId}/deliveries`)),
    page.getByRole('button', { name: 'Refresh the log' }).click(),
  ]);
  const shown = ((await response.json()) as { data: DeliveryJson[] }).data;
  await expect.poll(() => page.getByTestId('delivery-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-delivery-id') ?? '')))
    .toEqual(shown.map((entry) => entry.id));
  await expect.poll(() => page.getByTestId('delivery-status').allInnerTexts()).toEqual(shown.map((entry) => entry.status));
  return shown;
}

describe('webhooks', () => {
  it('creates a webhook whose secret, shown once, signs the test ping; rotation replaces it; the log matches the API', async () => {
    const context = await as('ada@example.com');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.loupeUrl });
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}/webhooks`);
    await page.getByText('No webhook yet.').waitFor();
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByLabel('Description').fill('Orders to the CRM');
    await page.getByLabel('Event names').fill('signup\n\n');
    await page.getByLabel('Purchases').check();
    await page.getByRole('button', { name: 'Add the webhook' }).click();
    const secret = await page.getByTestId('webhook-secret').innerText();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Copy' }).click();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);

    const listed = (await get<{ data: Array<Record<string, unknown>> }>(context.request, `/api/sites/${site}/webhooks`)).data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ url: receiver.url, description: 'Orders to the CRM', event_names: ['signup'], goal_ids: [goalId], status: 'enabled' });
    expect(listed[0]?.secret).toBeUndefined();
    webhookId = String(listed[0]?.id);
    await page.getByTestId('webhook-row').waitFor();
    expect(await page.getByTestId('webhook-row').innerText()).toContain('Event signup, Goal Purchases');

    await page.getByRole('link', { name: 'Open the new webhook' }).click();
    await page.waitForURL(`${h.loupeUrl}/sites/${site}/webhooks/${webhookId}`);
    const first = await ping(page);
    expect(first).toMatchObject({ success: true, status_code: 200, error: null });
    await page.getByTestId('test-ping-result').waitFor();
    expect(await page.getByTestId('ping-outcome').innerText()).toBe('Delivered');
    expect(await page.getByTestId('ping-status').innerText()).toBe('200');
    expect(await page.getByTestId('ping-duration').innerText()).toBe(`${first.duration_ms} ms`);
    expect(receiver.requests).toHaveLength(1);
    expect(JSON.parse(receiver.requests[0]?.rawBody ?? '{}')).toMatchObject({ type: 'test.ping', webhook_id: webhookId });
    expect(signed(secret, receiver.requests[0])).toBe(true);

    await page.getByRole('button', { name: 'Rotate the secret' }).click();
    const rotated = await page.getByTestId('webhook-secret').innerText();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.getByTestId('webhook-secret').count()).toBe(0);
    receiver.respondWith(503);
    const second = await ping(page);
    expect(second).toMatchObject({ success: false, status_code: 503 });
    await page.getByTestId('ping-outcome').filter({ hasText: 'Failed' }).waitFor();
    expect(await page.getByTestId('ping-status').innerText()).toBe('503');
    expect(await page.getByTestId('ping-error').innerText()).toBe(String(second.error));
    expect(signed(rotated, receiver.requests[1])).toBe(true);
    expect(signed(secret, receiver.requests[1])).toBe(false);
    receiver.respondWith(200);

    await page.getByText('No delivery yet', { exact: false }).waitFor();
    await track('purchase');
    await track('signup');
    await track('pageview-like');
    const log = await settledLog(page, context.request, (entries) => entries.length === 2 && entries.every((entry) => entry.status === 'succeeded'));
    expect(log.every((entry) => entry.status === 'succeeded')).toBe(true);
    expect(await page.getByTestId('delivery-trigger').allInnerTexts()).toEqual(log.map((entry) => (entry.trigger.kind === 'goal' ? `Goal ${entry.trigger.name}` : `Event ${entry.trigger.name}`)));
    expect(await page.getByTestId('delivery-status').allInnerTexts()).toEqual(log.map((entry) => entry.status));
    expect(await page.getByTestId('delivery-attempts').allInnerTexts()).toEqual(log.map((entry) => String(entry.attempts)));
    expect(await page.getByTestId('delivery-response').allInnerTexts()).toEqual(log.map((entry) => String(entry.response_code)));
    expect(log.map((entry) => entry.trigger).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([{ kind: 'event', name: 'signup' }, { kind: 'goal', goal_id: goalId, name: 'Purchases' }]);

    await page.getByLabel('Event names').fill('signup\nupgrade');
    await page.getByRole('button', { name: 'Save the webhook' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect((await get<{ data: Record<string, unknown> }>(context.request, `/api/sites/${site}/webhooks/${webhookId}`)).data).toMatchObject({ event_names: ['signup', 'upgrade'], goal_ids: [goalId] });
    // The refused second ping is not an HTTP error of the page's request (the API answered 200 with the outcome).
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });

  it('shows why a webhook was disabled after failed attempts, and re-enables it', async () => {
    const context = await as('ada@example.com');
    receiver.respondWith(500);
    for (let event = 0; event < 4; event += 1) await track('signup');
    const deadline = Date.now() + 30_000;
    let webhook = (await get<{ data: { status: string; disabled_reason: string | null; consecutive_failures: number } }>(context.request, `/api/sites/${site}/webhooks/${webhookId}`)).data;
    while (webhook.status !== 'disabled') {
      if (Date.now() > deadline) throw new Error(`never disabled: ${JSON.stringify(webhook)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      webhook = (await get<{ data: typeof webhook }>(context.request, `/api/sites/${site}/webhooks/${webhookId}`)).data;
    }
    receiver.respondWith(200);
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}/webhooks/${webhookId}`);
    await page.getByTestId('webhook-disabled-reason').waitFor();
    expect(webhook.disabled_reason).toMatch(/^Disabled after 20 consecutive failed deliveries/);
    expect(await page.getByTestId('webhook-disabled-reason').innerText()).toBe(webhook.disabled_reason);
    expect(await page.getByTestId('webhook-status').innerText()).toBe('disabled');
    expect(await page.getByTestId('webhook-failures').innerText()).toBe(String(webhook.consecutive_failures));
    const log = await settledLog(page, context.request, () => true);
    expect(await page.getByTestId('delivery-attempts').allInnerTexts()).toEqual(log.map((entry) => String(entry.attempts)));
    expect(await page.getByTestId('delivery-response').allInnerTexts()).toEqual(log.map((entry) => [entry.response_code ?? '', entry.error ?? ''].filter((part) => part !== '').join('\n')));

    await page.getByRole('button', { name: 'Re-enable the webhook' }).click();
    await page.getByTestId('webhook-status').filter({ hasText: /^enabled$/ }).waitFor();
    expect(await page.getByTestId('webhook-disabled-reason').count()).toBe(0);
    expect((await get<{ data: Record<string, unknown> }>(context.request, `/api/sites/${site}/webhooks/${webhookId}`)).data).toMatchObject({ status: 'enabled', disabled_reason: null, consecutive_failures: 0 });
    expect(await page.getByTestId('webhook-failures').innerText()).toBe('0');
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });

  it('deletes a webhook after confirmation', async () => {
    const context = await as('ada@example.com');
    const doomed = (await post(context.request, `/api/sites/${site}/webhooks`, { url: receiver.url, eventNames: ['gone'] })).data as { id: string };
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}/webhooks/${doomed.id}`);
    await page.getByRole('button', { name: 'Delete this webhook' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(`${h.loupeUrl}/sites/${site}/webhooks`);
    expect((await context.request.get(`${h.loupeUrl}/api/sites/${site}/webhooks/${doomed.id}`)).status()).toBe(404);
    const left = (await get<{ data: Array<{ id: string }> }>(context.request, `/api/sites/${site}/webhooks`)).data.map((webhook) => webhook.id);
    expect(left).toEqual([webhookId]);
    await page.getByTestId('webhook-row').waitFor();
    expect(await page.getByTestId('webhook-row').count()).toBe(1);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });
});

interface MemberJson { id: string; role: string; user: { email: string }; teams: Array<{ name: string }> }
interface TeamJson { id: string; name: string; members: Array<{ userEmail: string }>; sites: Array<{ domain: string }> }

describe('organization', () => {
  it('adds a member, changes their role, creates and renames a team, as the API then lists them', async () => {
    const context = await as('ada@example.com');
    const page = await h.open(context, `${h.loupeUrl}/organizations`);
    await page.waitForURL(`${h.loupeUrl}/organizations/${organization}`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Organization' }).waitFor();
    await page.getByTestId('member-row').nth(2).waitFor();
    await page.getByLabel('Email address').fill('bob@example.com');
    const [added] = await Promise.all([
      page.waitForResponse((candidate) => candidate.url().endsWith(`/api/organizations/${organization}/invitations`)),
      page.getByRole('button', { name: 'Send the invitation' }).click(),
    ]);
    // Bob joins only when he accepts, with the link's token.
    const bobs = await as('bob@example.com');
    await post(bobs.request, '/api/auth/organization/accept-invitation', { invitationId: linkReference((await added.json() as { inviteLink: string }).inviteLink) });
    await bobs.close();
    await page.reload();
    await page.getByTestId('member-row').nth(3).waitFor();
    const members = () => get<{ data: MemberJson[] }>(context.request, `/api/organizations/${organization}/members`).then((answer) => answer.data);
    const bob = (await members()).find((member) => member.user.email === 'bob@example.com');
    expect(bob?.role).toBe('member');
    expect(await page.getByTestId('member-email').allInnerTexts()).toEqual((await members()).map((member) => member.user.email));
    // The owner's own row offers no role change and no Remove (an owner removing themselves locks the organization out).
    const own = page.getByTestId('member-row').filter({ hasText: 'ada@example.com' });
    expect([await own.getByRole('button').count(), await own.getByRole('combobox').count(), await own.innerText().then((text) => text.includes('owner (you)'))]).toEqual([0, 0, true]);

    await page.getByLabel('Role of bob@example.com', { exact: true }).selectOption('admin');
    await page.getByRole('button', { name: 'Save the role of bob@example.com' }).click();
    await page.getByRole('button', { name: 'Save the role of bob@example.com' }).and(page.locator(':disabled')).waitFor();
    await expect.poll(async () => (await members()).find((member) => member.user.email === 'bob@example.com')?.role).toBe('admin');
    expect(await page.getByLabel('Role of bob@example.com', { exact: true }).inputValue()).toBe('admin');
    expect(await page.getByLabel('Role of carol@example.com', { exact: true }).inputValue()).toBe('member');

    await page.getByRole('button', { name: 'Remove dan@example.com' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByTestId('member-row').filter({ hasText: 'dan@example.com' }).waitFor({ state: 'detached' });
    expect((await members()).map((member) => member.user.email)).toEqual(['ada@example.com', 'carol@example.com', 'bob@example.com']);

    await page.getByLabel('Email address').fill('erin@example.com');
    const [invited] = await Promise.all([
      page.waitForResponse((candidate) => candidate.url().endsWith(`/api/organizations/${organization}/invitations`)),
      page.getByRole('button', { name: 'Send the invitation' }).click(),
    ]);
    const invitation = await invited.json() as { inviteLink: string; email: string; role: string; emailSent: boolean };
    expect(invitation).toMatchObject({ email: 'erin@example.com', role: 'member', emailSent: false });
    expect(await page.getByTestId('invite-link').innerText()).toBe(invitation.inviteLink);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV: Members' }).click()]);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(download.suggestedFilename()).toBe('members.csv');
    expect(csv.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).map((line) => line.split(',').slice(2, 4)))
      .toEqual([['Email', 'Role'], ...(await members()).map((member) => [member.user.email, member.role])]);

    const create = page.getByRole('region', { name: 'Create a team' });
    await create.getByLabel('Team name').fill('Analysts');
    await create.getByLabel('Bob').check();
    await create.getByLabel('Ada shop').check();
    await create.getByRole('button', { name: 'Create the team' }).click();
    // The organization's own default team (created with it) comes first.
    const teams = () => get<{ teams: TeamJson[] }>(context.request, `/api/organizations/${organization}/teams`).then((answer) => answer.teams);
    await page.getByTestId('team-name').filter({ hasText: 'Analysts' }).waitFor();
    const created = await teams();
    expect(created.map((team) => [team.name, team.members.map((member) => member.userEmail), team.sites.map((entry) => entry.domain)]))
      .toEqual([['Ada Analytics', ['ada@example.com'], []], ['Analysts', ['bob@example.com'], ['shop.example.com']]]);
    expect(await page.getByTestId('team-name').allInnerTexts()).toEqual(created.map((team) => team.name));
    expect(await page.getByTestId('team-members').allInnerTexts()).toEqual(['Ada', 'Bob']);
    expect(await page.getByTestId('team-sites').allInnerTexts()).toEqual(['All sites', 'Ada shop']);

    await page.getByRole('button', { name: 'Edit the team Analysts' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Team name').fill('Data team');
    await dialog.getByLabel('Carol').check();
    await dialog.getByRole('button', { name: 'Save the team' }).click();
    await page.getByTestId('team-name').filter({ hasText: 'Data team' }).waitFor();
    expect((await teams()).map((team) => [team.name, team.members.map((member) => member.userEmail).sort()]))
      .toEqual([['Ada Analytics', ['ada@example.com']], ['Data team', ['bob@example.com', 'carol@example.com']]]);
    await page.getByTestId('member-row').filter({ hasText: 'carol@example.com' }).filter({ hasText: 'Data team' }).waitFor();
    expect((await members()).find((member) => member.user.email === 'carol@example.com')?.teams.map((team) => team.name)).toEqual(['Data team']);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });

  it('creates an organization API key shown once, and revokes it', async () => {
    const context = await as('ada@example.com');
    const page = await h.open(context, `${h.loupeUrl}/organizations/${organization}`);
    await page.getByLabel('Key name').fill('reporting');
    await page.getByLabel('analytics:read').check();
    expect(await page.getByLabel('My account').count()).toBe(0);
    await page.getByRole('button', { name: 'Create the key' }).click();
    const key = await page.getByTestId('new-api-key').innerText();
    expect(key).toMatch(/^lpo_[A-Za-z]{64}$/);
    const listed = () => get<{ apiKeys: Array<{ id: string; name: string }> }>(context.request, `/api/auth/api-key/list?organizationId=${organization}`).then((answer) => answer.apiKeys);
    expect((await listed()).map((entry) => entry.name).sort()).toEqual(['ingest', 'reporting']);
    await page.getByTestId('api-key-row').filter({ hasText: 'reporting' }).waitFor();
    expect((await page.getByTestId('api-key-name').allInnerTexts()).sort()).toEqual(['ingest', 'reporting']);
    expect(await page.getByTestId('api-key-row').filter({ hasText: 'reporting' }).innerText()).toContain('analytics:read');
    const readWithKey = () => h.loupe.app.inject({ method: 'GET', url: `/api/sites/${site}/live-user-count`, headers: { authorization: `Bearer ${key}` } });
    expect((await readWithKey()).statusCode).toBe(200);

    await page.getByRole('button', { name: 'Revoke the key reporting' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke the key', exact: true }).click();
    await page.getByTestId('api-key-row').filter({ hasText: 'reporting' }).waitFor({ state: 'detached' });
    expect((await listed()).map((entry) => entry.name)).toEqual(['ingest']);
    expect(await page.getByTestId('api-key-name').allInnerTexts()).toEqual(['ingest']);
    expect((await readWithKey()).statusCode).toBe(401);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });

  it('offers a member no admin action on the organization and webhook pages', async () => {
    const context = await as('carol@example.com');
    const page = await h.open(context, `${h.loupeUrl}/organizations/${organization}`);
    await page.getByTestId('own-role').filter({ hasText: 'member' }).waitFor();
    // A member sees the teams they are on.
    await page.getByTestId('team-name').filter({ hasText: 'Data team' }).waitFor();
    expect(await page.getByTestId('team-row').count()).toBe(1);
    await page.getByTestId('member-row').nth(2).waitFor();
    expect(await page.getByRole('region', { name: 'Add a member' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Create a team' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Remove|Edit|Delete|Save)/ }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Organization API keys' }).count()).toBe(0);
    const members = (await get<{ data: MemberJson[] }>(context.request, `/api/organizations/${organization}/members`)).data;
    expect(await page.getByTestId('member-role').allInnerTexts()).toEqual(members.map((member) => member.role));
    expect(await page.getByTestId('member-email').allInnerTexts()).toEqual(members.map((member) => member.user.email));

    const webhooks = await h.open(context, `${h.loupeUrl}/sites/${site}/webhooks`);
    await webhooks.getByTestId('webhook-row').waitFor();
    expect(await webhooks.getByRole('heading', { name: 'Add a webhook' }).count()).toBe(0);
    const detail = await h.open(context, `${h.loupeUrl}/sites/${site}/webhooks/${webhookId}`);
    await detail.getByTestId('delivery-row').first().waitFor();
    expect(await detail.getByRole('button', { name: /Send a test ping|Rotate the secret|Disable the webhook|Delete this webhook|Save the webhook/ }).count()).toBe(0);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });
});

describe('looks', () => {
  it.each([
    ['desktop'], ['phone'],
  ] as const)('shows the webhook and organization pages without serious accessibility violations or overflow (light and dark, %s)', async (width) => {
    const viewport = width === 'desktop' ? DESKTOP : PHONE;
    const owner = await as('ada@example.com', viewport, 'light');
    const member = await as('carol@example.com', viewport, 'light');
    const pages: Array<[string, string, BrowserContext]> = [
      ['webhooks', `/sites/${site}/webhooks`, owner], ['webhook', `/sites/${site}/webhooks/${webhookId}`, owner],
      ['organization', `/organizations/${organization}`, owner],
    ];
    // The member's view of the organization page (fewer controls).
    pages.push(['organization-member', `/organizations/${organization}`, member]);
    await checkPages(h, pages, width, viewport.width);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await owner.close();
    await member.close();
  });
});
