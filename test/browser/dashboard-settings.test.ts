// The site settings, realtime and public pages in headless Chromium against a real Loupe server: a toggle and an
// exclusion saved through the form land in the API's site record; an API key is shown once, works, and is
// revoked; a visit on a tracked page appears in the realtime feed; a public site opens signed out with aggregates
// only (people once the site opts in), a private one does not; a viewer sees no Save button or editing control; a
// site is deleted after its domain is typed back. Every page in light and dark, desktop and 375 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { invitationReferenceOf } from '../helpers/auth-client.js';
import { checkPages, downloadCsv, SCREENSHOT_DIR, startDashboardHarness, type DashboardHarness } from './dashboard-harness.js';

let h: DashboardHarness;
let storage: Awaited<ReturnType<BrowserContext['storageState']>>;
let organization = '';
let site = '';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const CREDENTIALS = { email: 'grace@example.com', password: 'correct-horse-9' };

async function post(request: APIRequestContext, path: string, data: unknown): Promise<Record<string, unknown>> {
  const response = await request.post(`${h.loupeUrl}${path}`, { data, headers: { origin: h.loupeUrl } });
  expect([path, response.status()]).toEqual([path, 200]);
  return await response.json() as Record<string, unknown>;
}

async function createSite(request: APIRequestContext, domain: string, name: string): Promise<string> {
  const created = await post(request, `/api/organizations/${organization}/sites`, { domain, name, blockBots: false });
  return String(created.id);
}

const siteRecord = async (request: APIRequestContext, id: string) => (await request.get(`${h.loupeUrl}/api/sites/${id}`)).json() as Promise<Record<string, unknown>>;

beforeAll(async () => {
  h = await startDashboardHarness();
  console.log(`dashboard screenshots: ${SCREENSHOT_DIR}`);
  const context = await h.browser.newContext();
  await post(context.request, '/api/auth/sign-up/email', { name: 'Grace', ...CREDENTIALS });
  organization = String((await post(context.request, '/api/auth/organization/create', { name: 'Grace Labs', slug: 'grace-labs' })).id);
  site = await createSite(context.request, 'localhost', 'Grace home');
  storage = await context.storageState();
  await context.close();
});
afterAll(async () => { await ownerContext?.close(); await h?.close(); });

async function signedIn(viewport = DESKTOP, colorScheme: 'light' | 'dark' = 'light'): Promise<BrowserContext> {
  return h.browser.newContext({ viewport, colorScheme, storageState: storage });
}

let ownerContext: BrowserContext | undefined;
let ownerTab: Page | undefined;
/** The owner's signed-in desktop context, shared by the tests that need nothing fresh of one. */
const sharedOwner = async (): Promise<BrowserContext> => (ownerContext ??= await signedIn());
/** Its one page, navigated to `path` (opened there the first time): opening a page costs Chromium twice a navigation. */
async function ownerPage(path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await sharedOwner();
  if (ownerTab === undefined) ownerTab = await h.open(context, h.loupeUrl + path);
  else await ownerTab.goto(h.loupeUrl + path);
  return { context, page: ownerTab };
}

describe('site settings', () => {
  it('saves a tracking switch and exclusions into the site record', async () => {
    const { context, page } = await ownerPage(`/sites/${site}/settings?section=tracking`);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.loupeUrl });
    await page.getByLabel('Track outbound links').uncheck();
    await page.getByLabel('Track JavaScript errors').check();
    await page.getByRole('button', { name: 'Save tracking settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(await siteRecord(context.request, site)).toMatchObject({ trackOutbound: false, trackErrors: true, trackInitialPageView: true, blockBots: false });

    await page.getByLabel('Excluded paths').fill('/private/*\n\n /drafts \n');
    await page.getByLabel('Excluded countries').fill('fr');
    await page.getByRole('button', { name: 'Save exclusions' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).nth(1).waitFor();
    expect(await siteRecord(context.request, site)).toMatchObject({ excludedPaths: ['/private/*', '/drafts'], excludedCountries: ['FR'], excludedIPs: [] });

    await page.getByLabel('Excluded IP addresses').fill('not-an-ip');
    await page.getByRole('button', { name: 'Save exclusions' }).click();
    await page.getByRole('alert').filter({ hasText: /IP address/ }).waitFor();
    expect((await siteRecord(context.request, site)).excludedIPs).toEqual([]);
    // The refused save is the API's 400, which Chromium reports on the console.
    expect(h.consoleErrors.splice(0).every((line) => line.includes('status of 400'))).toBe(true);
  });

  it('creates an API key shown once, which works until it is revoked', async () => {
    const { context, page } = await ownerPage(`/sites/${site}/settings`);
    // The settings come one section at a time: an admin sees all six tabs.
    const tabs = page.getByTestId('settings-sections');
    await tabs.getByRole('link', { name: 'Delete' }).waitFor();
    expect(await tabs.getByRole('link').allInnerTexts()).toEqual(['General', 'Tracking', 'Script tag', 'Sharing', 'API keys', 'Delete']);
    expect(await page.getByLabel('Key name').count()).toBe(0);
    // Sharing holds the private link (with its password) and the embedding origins.
    await tabs.getByRole('link', { name: 'Sharing' }).click();
    await page.waitForURL(/section=sharing/);
    await page.getByRole('button', { name: 'Save embedding' }).waitFor();
    expect(await page.getByText('Private link', { exact: true }).count()).toBeGreaterThan(0);
    await tabs.getByRole('link', { name: 'API keys' }).click();
    await page.waitForURL(/section=keys/);
    await tabs.locator('[aria-current="page"]').filter({ hasText: 'API keys' }).waitFor();
    await page.getByLabel('Key name').fill('reporting');
    await page.getByLabel('analytics:read').check();
    await page.getByRole('button', { name: 'Create the key' }).click();
    const key = await page.getByTestId('new-api-key').innerText();
    expect(key).toMatch(/^lpo_[A-Za-z]{64}$/);
    const readWithKey = () => h.loupe.app.inject({ method: 'GET', url: `/api/sites/${site}/live-user-count`, headers: { authorization: `Bearer ${key}` } });
    expect((await readWithKey()).statusCode).toBe(200);
    const listed = await (await context.request.get(`${h.loupeUrl}/api/auth/api-key/list?organizationId=${organization}`)).json() as { apiKeys: Array<{ id: string; name: string }> };
    expect(listed.apiKeys.map((k) => k.name)).toEqual(['reporting']);
    await page.getByTestId('api-key-row').filter({ hasText: 'reporting' }).waitFor();
    expect(await page.getByTestId('api-key-row').filter({ hasText: 'reporting' }).innerText()).toContain('analytics:read');
    // The list's CSV: the keys as better-auth lists them, never the secret.
    const [listedKey] = (await (await context.request.get(`${h.loupeUrl}/api/auth/api-key/list?organizationId=${organization}`)).json() as {
      apiKeys: Array<{ id: string; name: string; start: string; enabled: boolean; createdAt: string; expiresAt: string | null }>;
    }).apiKeys;
    const keysCsv = await downloadCsv(page, page.getByRole('button', { name: 'Download CSV: API keys' }));
    expect(keysCsv.fileName).toBe('api-keys.csv');
    expect(keysCsv.rows).toEqual([
      ['Name', 'Owner', 'Starts with', 'Scopes', 'Enabled', 'Created (UTC)', 'Expires (UTC)', 'Id'],
      [listedKey?.name, 'Organization', listedKey?.start, 'analytics:read', String(listedKey?.enabled), listedKey?.createdAt, listedKey?.expiresAt ?? 'never', listedKey?.id],
    ]);
    expect(keysCsv.rows.flat().join(',')).not.toContain(key);

    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.getByTestId('new-api-key').count()).toBe(0);
    await page.reload();
    await page.getByTestId('api-key-row').first().waitFor();
    expect(await page.content()).not.toContain(key);

    await page.getByRole('button', { name: 'Revoke the key reporting' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke the key', exact: true }).click();
    await page.getByText('No API key yet.').waitFor();
    const after = await (await context.request.get(`${h.loupeUrl}/api/auth/api-key/list?organizationId=${organization}`)).json() as { apiKeys: unknown[] };
    expect(after.apiKeys).toEqual([]);
    expect((await readWithKey()).statusCode).toBe(401);
    expect(h.consoleErrors.splice(0)).toEqual([]);
  });

  it('offers scope presets: read-only checks every read scope, tracking only ingest:write, full access none', async () => {
    const { page } = await ownerPage(`/sites/${site}/settings?section=keys`);
    const presets = page.getByTestId('scope-presets');
    const checked = () => page.locator('input[name="scope"]:checked').evaluateAll((boxes) => boxes.map((box) => (box as unknown as { value: string }).value));
    await presets.getByLabel('Tracking', { exact: true }).check();
    expect(await checked()).toEqual(['ingest:write']);
    await presets.getByLabel('Full access', { exact: true }).check();
    expect(await checked()).toEqual([]);
    await presets.getByLabel('Read-only', { exact: true }).check();
    const reads = await checked();
    expect(reads.length > 5 && reads.every((scope) => scope.endsWith(':read'))).toBe(true);
    // Unchecking one makes the choice custom.
    await page.getByLabel('replay:read').uncheck();
    await page.getByTestId('custom-scopes').filter({ hasText: `the ${reads.length - 1} scopes` }).waitFor();
    await page.getByLabel('replay:read').check();
    expect(await presets.getByLabel('Read-only', { exact: true }).isChecked()).toBe(true);
    await page.getByLabel('Key name').fill('readers');
    await page.getByRole('button', { name: 'Create the key' }).click();
    const key = await page.getByTestId('new-api-key').innerText();
    const withKey = (method: 'GET' | 'PUT', url: string) => h.loupe.app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, ...(method === 'PUT' ? { payload: { trackErrors: true } } : {}) });
    expect((await withKey('GET', `/api/sites/${site}/live-user-count`)).statusCode).toBe(200);
    expect((await withKey('PUT', `/api/sites/${site}/config`)).statusCode).toBe(403);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Revoke the key readers' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke the key', exact: true }).click();
    await page.getByText('No API key yet.').waitFor();
    expect(h.consoleErrors.splice(0)).toEqual([]);
  });
});

type FeedRow = {
  timestamp: string; type: string; event_name: string; pathname: string; hostname: string; page_title: string; props: unknown;
  session_id: string; user_id: string; identified_user_id: string; country: string; browser: string; device_type: string;
};

describe('realtime', () => {
  it('shows a visit on a tracked page in the feed (in the browser\'s time zone) and the live count, as the API returns them', async () => {
    const context = await h.browser.newContext({ viewport: DESKTOP, storageState: storage, timezoneId: 'Asia/Kolkata', locale: 'en-GB' });
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}/realtime`);
    await page.getByText('No event in the last 24 hours yet.', { exact: false }).waitFor();
    const tag = `<script defer src="${h.loupeUrl}/api/script.js" data-site-id="${site}"></script>`;
    h.page('/pricing', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pricing</title>${tag}</head><body><h1>Pricing</h1></body></html>`);
    const visitor = await h.browser.newPage();
    await visitor.goto(`${h.pagesUrl}/pricing`);
    await page.getByTestId('feed-event-path').filter({ hasText: '/pricing' }).waitFor({ timeout: 20_000 });
    await visitor.close();
    const events = await (await context.request.get(`${h.loupeUrl}/api/sites/${site}/events?past_minutes_start=1440&past_minutes_end=0`)).json() as { data: FeedRow[] };
    expect(events.data.map((e) => [e.type, e.pathname])).toEqual([['pageview', '/pricing']]);
    expect(await page.getByTestId('feed-event-name').allInnerTexts()).toEqual(['pageview']);
    const shown = await page.locator('[data-testid="feed-event"] time').getAttribute('datetime');
    const instant = `${events.data[0]?.timestamp.replace(' ', 'T')}Z`;
    expect(shown).toBe(instant);
    const inKolkata = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(new Date(instant));
    expect(await page.locator('[data-testid="feed-event"] time').innerText()).toBe(inKolkata);
    const feedCsv = await downloadCsv(page, page.getByRole('button', { name: 'Download CSV: latest events' }));
    expect(feedCsv.fileName).toBe('latest-events-last-24-hours.csv');
    expect(feedCsv.rows).toEqual([
      ['Time (UTC)', 'Type', 'Event name', 'Path', 'Host name', 'Page title', 'Properties', 'Session', 'Visitor', 'Identified user', 'Country', 'Browser', 'Device type'],
      ...events.data.map((e) => [e.timestamp, e.type, e.event_name, e.pathname, e.hostname, e.page_title, JSON.stringify(e.props), e.session_id, e.user_id,
        e.identified_user_id, e.country, e.browser, e.device_type]),
    ]);
    await page.getByTestId('live-visitors').filter({ hasText: /^1$/ }).waitFor({ timeout: 20_000 });
    const live = await (await context.request.get(`${h.loupeUrl}/api/sites/${site}/live-user-count`)).json() as { count: number };
    expect(live).toEqual({ count: 1 });
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });
});

describe('public dashboards', () => {
  it('opens a public site read-only without signing in, and sends a private one to sign-in', async () => {
    const { context, page } = await ownerPage(`/sites/${site}/settings`);
    await page.getByLabel('Public dashboard').check();
    await page.getByRole('button', { name: 'Save general settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(await siteRecord(context.request, site)).toMatchObject({ public: true });
    const hidden = await createSite(context.request, 'hidden.example.com', 'Hidden');

    // The stranger's one page goes from view to view (nothing here depends on a fresh page).
    const stranger = await h.browser.newContext({ viewport: DESKTOP });
    const dashboard = await h.open(stranger, `${h.loupeUrl}/share/${site}`);
    await dashboard.waitForURL(`${h.loupeUrl}/sites/${site}`);
    await dashboard.getByRole('heading', { level: 1 }).waitFor();
    await dashboard.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await dashboard.getByRole('button', { name: 'Sign out' }).count()).toBe(0);

    // Aggregates only: no event list, no Sessions or Users pages, until the site shows people to the public too.
    await dashboard.goto(`${h.loupeUrl}/sites/${site}/realtime`);
    await dashboard.getByText("The live event list is shown to the site's members only.").waitFor();
    expect(await dashboard.getByTestId('feed-event-path').count()).toBe(0);
    expect(await dashboard.getByRole('navigation', { name: 'Site pages' }).getByRole('link').allInnerTexts()).toEqual(['Dashboard', 'Realtime', 'Goals', 'Funnels', 'Journeys', 'Retention', 'Errors', 'Performance', 'Bots']);

    await page.goto(`${h.loupeUrl}/sites/${site}/settings`);
    await page.getByLabel('Show people to the public too').check();
    await page.getByRole('button', { name: 'Save general settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(await siteRecord(context.request, site)).toMatchObject({ public: true, publicPeopleData: true });
    await dashboard.goto(`${h.loupeUrl}/sites/${site}/realtime`);
    await dashboard.getByTestId('feed-event-path').filter({ hasText: '/pricing' }).waitFor();
    expect(await dashboard.getByRole('navigation', { name: 'Site pages' }).getByRole('link').allInnerTexts()).toEqual(['Dashboard', 'Realtime', 'Sessions', 'Users', 'Replays', 'Goals', 'Funnels', 'Journeys', 'Retention', 'Errors', 'Performance', 'Bots']);

    await dashboard.goto(`${h.loupeUrl}/sites/${site}/settings`);
    await dashboard.waitForURL(`${h.loupeUrl}/sign-in?next=${encodeURIComponent(`/sites/${site}/settings`)}`);
    await dashboard.goto(`${h.loupeUrl}/sites/${hidden}`);
    await dashboard.waitForURL(`${h.loupeUrl}/sign-in?next=${encodeURIComponent(`/sites/${hidden}`)}`);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await stranger.close();
  });

  it('shows a viewer the settings without Save buttons and the site pages without editing controls', async () => {
    const viewer = await h.browser.newContext({ viewport: DESKTOP });
    await post(viewer.request, '/api/auth/sign-up/email', { name: 'Vera', email: 'vera@example.com', password: 'correct-horse-9' });
    // Adding a person is an invitation: Vera accepts it with the link's reference.
    const invited = await post((await sharedOwner()).request, `/api/organizations/${organization}/invitations`, { email: 'vera@example.com', role: 'viewer' });
    await post(viewer.request, '/api/auth/organization/accept-invitation', { invitationId: invitationReferenceOf(String(invited.inviteLink)) });

    // One page of the viewer's, from the settings to the goals.
    const page = await h.open(viewer, `${h.loupeUrl}/sites/${site}/settings`);
    await page.getByText('Only admins and owners of the organization can change these settings.').waitFor();
    expect(await page.getByRole('button', { name: /^Save/ }).count()).toBe(0);
    expect(await page.getByLabel('Public dashboard').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Delete this site' }).count()).toBe(0);
    expect(await page.getByTestId('settings-sections').getByRole('link').allInnerTexts()).toEqual(['General', 'Tracking', 'Script tag']);

    await page.goto(`${h.loupeUrl}/sites/${site}/goals`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByText('This site has no goals yet.').waitFor();
    expect(await page.getByRole('button', { name: 'New goal' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Site pages' }).getByRole('link', { name: 'Settings' }).count()).toBe(0);
    const refused = await viewer.request.post(`${h.loupeUrl}/api/sites/${site}/goals`, { data: { goalType: 'path', config: { pathPattern: '/x' } }, headers: { origin: h.loupeUrl } });
    expect(refused.status()).toBe(403);
    // The refused goal is the API's 403, which Chromium does not see (it was sent by the test, not the page).
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await viewer.close();
  });

  it('deletes a site only once its domain is typed back', async () => {
    const doomed = await createSite((await sharedOwner()).request, 'doomed.example.com', 'Doomed');
    const { context, page } = await ownerPage(`/sites/${doomed}/settings?section=danger`);
    const remove = page.getByRole('button', { name: 'Delete this site' });
    await remove.waitFor();
    expect(await remove.isDisabled()).toBe(true);
    await page.getByLabel('Type doomed.example.com to confirm').fill('doomed.example');
    expect(await remove.isDisabled()).toBe(true);
    expect((await context.request.get(`${h.loupeUrl}/api/sites/${doomed}`)).status()).toBe(200);
    await page.getByLabel('Type doomed.example.com to confirm').fill('doomed.example.com');
    await remove.click();
    await page.waitForURL(`${h.loupeUrl}/sites?org=${organization}`);
    expect((await context.request.get(`${h.loupeUrl}/api/sites/${doomed}`)).status()).toBe(404);
    expect((await context.request.get(`${h.loupeUrl}/api/sites/${site}`)).status()).toBe(200);
    expect(h.consoleErrors.splice(0)).toEqual([]);
  });
});

describe('looks', () => {
  it.each([
    ['desktop'], ['phone'],
  ] as const)('shows the settings, realtime and public pages without serious accessibility violations or overflow (light and dark, %s)', async (width) => {
    const viewport = width === 'desktop' ? DESKTOP : PHONE;
    const owner = await signedIn(viewport, 'light');
    const stranger = await h.browser.newContext({ viewport, colorScheme: 'light' });
    const pages: Array<[string, string, BrowserContext]> = [
      ['settings', `/sites/${site}/settings`, owner], ['realtime', `/sites/${site}/realtime`, owner], ['public-realtime', `/sites/${site}/realtime`, stranger],
    ];
    await checkPages(h, pages, width, viewport.width);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await owner.close();
    await stranger.close();
  });
});
