// The goals and funnels pages in headless Chromium against a real Loupe server: goals of several types created,
// edited and deleted through the UI (the editor's preview and the table equal to the API's JSON), a funnel built,
// analyzed, saved, reopened and deleted (bars and table equal to the API's analysis), CSV downloads equal to the
// rows, a public visitor read-only; light and dark, desktop and 375 px, checked by axe-core, with no console error.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { seedEvents } from '../helpers/seed-events.js';
import { checkLooks, checkPages, lastDayParams, networkQuiet, siteReport, startDashboardHarness, type DashboardHarness } from './dashboard-harness.js';

let h: DashboardHarness;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;
let site = '';
let storage: Storage;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const json = (value: unknown) => JSON.stringify(value);

async function postJson<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await request.post(`${h.loupeUrl}${path}`, { data, headers: { origin: h.loupeUrl } });
  if (response.status() !== 200) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json() as Promise<T>;
}

beforeAll(async () => {
  h = await startDashboardHarness();
  const context = await h.browser.newContext({ viewport: DESKTOP });
  await postJson(context.request, '/api/auth/sign-up/email', { name: 'Ada', email: 'ada@example.com', password: 'correct-horse-9' });
  const organization = await postJson<{ id: string }>(context.request, '/api/auth/organization/create', { name: 'Ada Co', slug: 'ada-co' });
  const created = await postJson<{ id: string; siteId: number }>(context.request, `/api/organizations/${organization.id}/sites`, { name: 'Ada shop', domain: 'localhost', public: true });
  site = created.id;
  // S1 home, pricing, signs up (plan pro); S2 home, pricing, the sign-up button; S3 home, a GitHub link;
  // S4 docs only; S5 home then signs up (plan free) without pricing.
  await seedEvents(h.loupe, created.siteId, [
    { at: minutesAgo(300), session_id: 1, pathname: '/' },
    { at: minutesAgo(299), session_id: 1, pathname: '/pricing', url_parameters: { plan: 'pro' } },
    { at: minutesAgo(298), session_id: 1, type: 'custom_event', event_name: 'signup', props: json({ plan: 'pro' }) },
    { at: minutesAgo(250), session_id: 2, pathname: '/' },
    { at: minutesAgo(249), session_id: 2, pathname: '/pricing' },
    { at: minutesAgo(248), session_id: 2, type: 'button_click', props: json({ text: 'Sign Up Now' }) },
    { at: minutesAgo(200), session_id: 3, pathname: '/' },
    { at: minutesAgo(199), session_id: 3, type: 'outbound', props: json({ url: 'https://github.com/loupe/loupe' }) },
    { at: minutesAgo(150), session_id: 4, pathname: '/docs' },
    { at: minutesAgo(100), session_id: 5, pathname: '/' },
    { at: minutesAgo(99), session_id: 5, type: 'custom_event', event_name: 'signup', props: json({ plan: 'free' }) },
  ]);
  storage = await context.storageState();
  await context.close();
});
afterAll(async () => h?.close());

const windowOf = lastDayParams;
const apiGet = <T>(page: Page, path: string, params: Record<string, string>): Promise<T> => siteReport<T>(h, page, site, path, params);

async function apiPost<T>(page: Page, path: string, params: Record<string, string>, body: unknown): Promise<T> {
  return postJson<T>(page.request, `/api/sites/${site}${path}?${new URLSearchParams(params).toString()}`, body);
}

interface GoalRow { goalId: number; name: string | null; goalType: string; total_conversions: number; total_sessions: number; conversion_rate: number }
interface StepResult { step_number: number; step_name: string; sessions: number; conversion_rate: number; dropoff_rate: number }

async function downloaded(page: Page, click: () => Promise<void>): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return readFileSync(path, 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
}

interface GoalInput { name: string; type: string; field: string; value: string; filter?: [string, string]; body: unknown }

/** Fills the editor, waits for its preview to equal the API's preview of the same definition, and creates the goal. */
async function createGoal(page: Page, window: Record<string, string>, goal: GoalInput) {
  await page.getByRole('button', { name: 'New goal' }).click();
  const dialog = page.getByRole('dialog', { name: 'New goal' });
  await dialog.getByLabel('Name (optional)').fill(goal.name);
  await dialog.getByLabel('Goal type').selectOption({ label: goal.type });
  await dialog.getByLabel(goal.field, { exact: true }).fill(goal.value);
  if (goal.filter) {
    await dialog.getByRole('button', { name: 'Add property filter' }).click();
    await dialog.getByLabel('Property 1', { exact: true }).fill(goal.filter[0]);
    await dialog.getByLabel('Value 1', { exact: true }).fill(goal.filter[1]);
  }
  const preview = await apiPost<{ data: { total_conversions: number; total_sessions: number; conversion_rate: number } }>(page, '/goals/preview', window, goal.body);
  const shown = dialog.getByTestId('goal-preview').locator(`[data-conversions="${preview.data.total_conversions}"][data-sessions="${preview.data.total_sessions}"]`);
  await shown.waitFor();
  expect(await shown.getAttribute('data-rate')).toBe(String(preview.data.conversion_rate));
  await dialog.getByRole('button', { name: 'Create goal' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return preview.data;
}

async function tableOf(page: Page): Promise<Array<[number, string, number, number]>> {
  const rows = page.getByTestId('goals-table').locator('tbody tr');
  return rows.evaluateAll((elements) => elements.map((row) => [
    Number(row.getAttribute('data-goal-id')),
    row.querySelector('[data-testid="goal-title"]')?.textContent ?? '',
    Number(row.querySelector('[data-conversions]')?.getAttribute('data-conversions')),
    Number(row.querySelector('[data-rate]')?.getAttribute('data-rate')),
  ] as [number, string, number, number]));
}

describe('goals page', () => {
  it('creates goals of several types with a live preview, shows the API figures, edits, charts and deletes', async () => {
    const context = await h.browser.newContext({ viewport: DESKTOP, storageState: storage, acceptDownloads: true });
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}/goals?period=24h`);
    const window = await windowOf(page);
    await page.locator('[data-bench-piece="goals-table"][data-bench-state="empty"]').waitFor();
    await page.locator('[data-bench-piece="goal-chart"][data-bench-state="empty"]').waitFor();

    const previews = [
      await createGoal(page, window, { name: 'Pricing', type: 'Page visit', field: 'Path pattern', value: '/pricing', body: { goalType: 'path', config: { pathPattern: '/pricing' } } }),
      await createGoal(page, window, { name: 'Pro signup', type: 'Custom event', field: 'Event name', value: 'signup', filter: ['plan', 'pro'], body: { goalType: 'event', config: { eventName: 'signup', propertyFilters: [{ key: 'plan', value: 'pro' }] } } }),
      await createGoal(page, window, { name: 'Sign-up button', type: 'Button click', field: 'Button text', value: 'sign up*', body: { goalType: 'button_click', config: { valuePattern: 'sign up*' } } }),
      await createGoal(page, window, { name: 'GitHub', type: 'Outbound link', field: 'Link URL', value: 'https://github.com/*', body: { goalType: 'outbound', config: { valuePattern: 'https://github.com/*' } } }),
    ];
    expect(previews.map((figures) => [figures.total_conversions, figures.total_sessions, figures.conversion_rate])).toEqual([[2, 5, 0.4], [1, 5, 0.2], [1, 5, 0.2], [1, 5, 0.2]]);

    const report = await apiGet<{ data: GoalRow[] }>(page, '/goals', { ...window, page_size: '100' });
    expect(report.data.map((goal) => [goal.name, goal.goalType, goal.total_conversions, goal.conversion_rate])).toEqual([
      ['Pricing', 'path', 2, 0.4], ['Pro signup', 'event', 1, 0.2], ['Sign-up button', 'button_click', 1, 0.2], ['GitHub', 'outbound', 1, 0.2],
    ]);
    await page.getByTestId('goals-table').locator('tbody tr').nth(3).waitFor();
    expect(await tableOf(page)).toEqual(report.data.map((goal) => [goal.goalId, goal.name, goal.total_conversions, goal.conversion_rate]));
    await expect.poll(() => page.getByTestId('goals-table').locator('tbody tr').first().innerText()).toContain('40%');

    const csv = await downloaded(page, () => page.getByTestId('goals-table').locator('xpath=../..').getByRole('button', { name: 'Download CSV' }).click());
    expect(csv[0]).toBe('Goal id,Name,Type,Matches,Conversions,Sessions,Conversion rate,Revenue currency,Revenue,Average revenue per conversion,Revenue by currency');
    expect(csv.slice(1).map((line) => { const cells = line.split(','); return [Number(cells[0]), cells[1], Number(cells[4]), Number(cells[5]), Number(cells[6])]; }))
      .toEqual(report.data.map((goal) => [goal.goalId, goal.name, goal.total_conversions, goal.total_sessions, goal.conversion_rate]));

    // The chart shows the chosen goal's series, as many buckets as the API gives.
    const pricing = report.data[0];
    if (!pricing) throw new Error('no goal');
    const series = await apiGet<{ data: Array<{ conversions: number }> }>(page, '/goals/time-series', { ...window, bucket: 'hour', goal_ids: `[${pricing.goalId}]` });
    await page.locator('[data-bench-piece="goal-chart"][data-bench-state="ready"]').waitFor();
    expect(Number(await page.getByTestId('goal-series').getAttribute('data-points'))).toBe(series.data.length);
    expect(series.data.reduce((sum, point) => sum + point.conversions, 0)).toBe(2);

    // Edit: the pricing goal now also requires ?plan=pro.
    await page.getByRole('button', { name: 'Edit Pricing' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit goal' });
    await editor.getByLabel('Name (optional)').fill('Pro pricing');
    await editor.getByRole('button', { name: 'Add query parameter filter' }).click();
    await editor.getByLabel('Query parameter 1', { exact: true }).fill('plan');
    await editor.getByLabel('Value 1', { exact: true }).fill('pro');
    await editor.getByTestId('goal-preview').locator('[data-conversions="1"]').waitFor();
    await editor.getByRole('button', { name: 'Save goal' }).click();
    await editor.waitFor({ state: 'hidden' });
    await page.getByTestId('goals-table').getByText('Pro pricing').waitFor();
    const edited = await apiGet<{ data: GoalRow[] }>(page, '/goals', { ...window, page_size: '100' });
    expect(edited.data[0]).toMatchObject({ goalId: pricing.goalId, name: 'Pro pricing', total_conversions: 1, conversion_rate: 0.2 });
    await expect.poll(() => tableOf(page)).toEqual(edited.data.map((goal) => [goal.goalId, goal.name, goal.total_conversions, goal.conversion_rate]));

    // Delete, after confirming.
    await page.getByRole('button', { name: 'Delete GitHub' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete?' });
    await confirm.getByText('Delete the goal “GitHub”?').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByTestId('goals-table').locator('tbody tr').nth(3).waitFor({ state: 'detached' });
    const left = await apiGet<{ data: GoalRow[] }>(page, '/goals', { ...window, page_size: '100' });
    expect(left.data.map((goal) => goal.name)).toEqual(['Pro pricing', 'Pro signup', 'Sign-up button']);
    expect(await tableOf(page)).toEqual(left.data.map((goal) => [goal.goalId, goal.name, goal.total_conversions, goal.conversion_rate]));
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });
});

describe('funnels page', () => {
  it('builds, analyzes, saves, reopens and deletes a funnel; the bars and table equal the API analysis', async () => {
    const context = await h.browser.newContext({ viewport: DESKTOP, storageState: storage, acceptDownloads: true });
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}/funnels?period=24h`);
    const window = await windowOf(page);
    await page.locator('[data-bench-piece="saved-funnels"][data-bench-state="empty"]').waitFor();
    await page.locator('[data-bench-piece="funnel-chart"][data-bench-state="empty"]').waitFor();

    await page.getByLabel('Step 1 path pattern').fill('/');
    await page.getByLabel('Step 1 name (optional)').fill('Home');
    await page.getByLabel('Step 2 path pattern').fill('/pricing');
    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByLabel('Step 3 type').selectOption({ label: 'Custom event' });
    await page.getByLabel('Step 3 event name').fill('signup');
    await page.getByRole('button', { name: 'Analyze funnel' }).click();
    await page.waitForURL(/steps=/);
    const steps = [{ type: 'page', value: '/', name: 'Home' }, { type: 'page', value: '/pricing' }, { type: 'event', value: 'signup' }];
    expect(JSON.parse(new URL(page.url()).searchParams.get('steps') ?? '')).toEqual(steps);

    const analysis = await apiPost<{ data: StepResult[] }>(page, '/funnels/analyze', window, { steps });
    expect(analysis.data.map((step) => [step.step_name, step.sessions, step.conversion_rate, step.dropoff_rate])).toEqual([
      ['Home', 4, 100, 0], ['/pricing', 2, 50, 50], ['signup', 1, 25, 50],
    ]);
    await page.locator('[data-bench-piece="funnel-chart"][data-bench-state="ready"]').waitFor();
    const bars = await page.getByTestId('funnel-bars').locator('li').evaluateAll((items) => items.map((item) => [
      Number(item.getAttribute('data-step')), Number(item.querySelector('[data-sessions]')?.getAttribute('data-sessions')), item.querySelector('[data-dropoff]')?.getAttribute('data-dropoff') ?? null,
    ]));
    expect(bars).toEqual(analysis.data.map((step) => [step.step_number, step.sessions, step.step_number === 1 ? null : String(step.dropoff_rate)]));
    const table = await page.getByTestId('funnel-table').locator('tbody tr').evaluateAll((rows) => rows.map((row) => [
      Number(row.querySelector('[data-sessions]')?.getAttribute('data-sessions')), Number(row.querySelector('[data-conversion]')?.getAttribute('data-conversion')), Number(row.querySelector('[data-dropoff]')?.getAttribute('data-dropoff')),
    ]));
    expect(table).toEqual(analysis.data.map((step) => [step.sessions, step.conversion_rate, step.dropoff_rate]));
    const csv = await downloaded(page, () => page.getByRole('button', { name: 'Download CSV' }).click());
    // The last column is the revenue of an event last step: empty here, where no event carried any.
    expect(csv).toEqual(['Step,Name,Sessions,Conversion rate (%),Drop-off rate (%),Revenue', ...analysis.data.map((step) => [step.step_number, step.step_name, step.sessions, step.conversion_rate, step.dropoff_rate, ''].join(','))]);

    await page.getByLabel('Funnel name').fill('Signup path');
    await page.getByRole('button', { name: 'Save funnel' }).click();
    await page.waitForURL(/funnel=\d+/);
    const saved = await apiGet<{ data: Array<{ funnelId: number; name: string; steps: unknown[] }> }>(page, '/funnels', {});
    expect(saved.data.map((funnel) => [funnel.name, funnel.steps])).toEqual([['Signup path', steps]]);
    expect(new URL(page.url()).searchParams.get('funnel')).toBe(String(saved.data[0]?.funnelId));
    await page.getByTestId('saved-funnels').getByText('Signup path').waitFor();
    await page.getByRole('heading', { name: 'Funnel: Signup path' }).waitFor();

    // A fresh visit without steps in the URL opens the first saved funnel.
    const again = await h.open(context, `${h.loupeUrl}/sites/${site}/funnels?period=24h`);
    await again.locator('[data-bench-piece="funnel-chart"][data-bench-state="ready"]').waitFor();
    expect(await again.getByLabel('Step 3 event name').inputValue()).toBe('signup');
    expect(await again.getByTestId('funnel-table').locator('[data-sessions]').evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('data-sessions')))))
      .toEqual(analysis.data.map((step) => step.sessions));
    await again.getByRole('button', { name: 'Delete Signup path' }).click();
    const confirm = again.getByRole('dialog', { name: 'Delete?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await again.locator('[data-bench-piece="saved-funnels"][data-bench-state="empty"]').waitFor();
    expect((await apiGet<{ data: unknown[] }>(again, '/funnels', {})).data).toEqual([]);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });
});

describe('public visitors and looks', () => {
  it('shows a public site read-only to a signed-out visitor and to a signed-in stranger', async () => {
    const context = await h.browser.newContext({ viewport: DESKTOP });
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}/goals?period=24h`);
    await page.locator('[data-bench-piece="goals-table"][data-bench-state="ready"]').waitFor();
    expect(await page.getByRole('button', { name: 'New goal' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
    const report = await apiGet<{ data: GoalRow[] }>(page, '/goals', { ...(await windowOf(page)), page_size: '100' });
    expect(await tableOf(page)).toEqual(report.data.map((goal) => [goal.goalId, goal.name, goal.total_conversions, goal.conversion_rate]));
    const funnels = await h.open(context, `${h.loupeUrl}/sites/${site}/funnels?period=24h`);
    await funnels.getByRole('button', { name: 'Analyze funnel' }).waitFor();
    expect(await funnels.getByRole('button', { name: 'Save funnel' }).count()).toBe(0);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();

    // Signed in, but not a member of the site's organization: the public site is read-only too.
    const stranger = await h.browser.newContext({ viewport: DESKTOP });
    await postJson(stranger.request, '/api/auth/sign-up/email', { name: 'Eve', email: 'eve@example.com', password: 'correct-horse-9' });
    const seen = await h.open(stranger, `${h.loupeUrl}/sites/${site}/goals?period=24h`);
    await seen.locator('[data-bench-piece="goals-table"][data-bench-state="ready"]').waitFor();
    await networkQuiet(seen);
    expect(await seen.getByRole('button', { name: 'New goal' }).count()).toBe(0);
    expect(await seen.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await stranger.close();
  });

  it.each([
    ['desktop'], ['phone'],
  ] as const)('has no serious accessibility violation or overflow (light and dark, %s)', async (width) => {
    const viewport = width === 'desktop' ? DESKTOP : PHONE;
    const context = await h.browser.newContext({ viewport, colorScheme: 'light', storageState: storage });
    const steps = encodeURIComponent(json([{ type: 'page', value: '/' }, { type: 'page', value: '/pricing' }]));
    await checkPages(h, [
      ['goals', `/sites/${site}/goals?period=24h`, context],
      ['funnels', `/sites/${site}/funnels?period=24h&steps=${steps}`, context],
    ], width, viewport.width);
    // The goal editor (a dialog, not a page).
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}/goals?period=24h`);
    await page.getByRole('button', { name: 'New goal' }).click();
    await page.getByRole('dialog', { name: 'New goal' }).getByRole('button', { name: 'Add query parameter filter' }).click();
    await checkLooks(page, 'goal-editor', width, viewport.width);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });
});
