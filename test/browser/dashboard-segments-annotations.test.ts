// Saved segments and annotations on the site dashboard in headless Chromium against a real Loupe server: filters
// saved as a segment are what GET /segments holds and, applied, give the API's segment figures; renaming and
// deleting reach the API; a public viewer applies public segments only and is offered no write. An annotation made
// by clicking a chart bucket is returned by GET /annotations with that bucket's date; it is edited and deleted; a
// member is offered only what the API lets a member do. Dialogs in light and dark, desktop and 375 px, axe-checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { checkLooks, SCREENSHOT_DIR, seriousViolations, startDashboardHarness, type DashboardHarness } from './dashboard-harness.js';
import {
  allTimeUtc, DESKTOP, PHONE, postJson, seedPeople, siteJson, utcDay, type Annotation, type OverviewTimeSeries, type PeopleSite, type Segment,
} from './people-harness.js';

let h: DashboardHarness;
let seeded: PeopleSite;
let memberStorage: Awaited<ReturnType<BrowserContext['storageState']>>;
const FIGURES = ['users', 'sessions', 'pageviews', 'pages_per_session', 'bounce_rate', 'session_duration'] as const;
const GERMANY = [{ parameter: 'country', type: 'equals', value: ['DE'] }];

beforeAll(async () => {
  h = await startDashboardHarness();
  console.log(`dashboard screenshots: ${SCREENSHOT_DIR}`);
  seeded = await seedPeople(h);
  const owner = await h.browser.newContext({ storageState: seeded.storage });
  const invited = await postJson<{ inviteLink: string }>(h, owner.request, `/api/organizations/${seeded.organizationId}/members`, { email: 'bea@example.com', role: 'member' });
  await owner.close();
  const member = await h.browser.newContext({ viewport: DESKTOP });
  await postJson(h, member.request, '/api/auth/sign-up/email', { name: 'Bea', email: 'bea@example.com', password: 'correct-horse-9' });
  await postJson(h, member.request, '/api/auth/organization/accept-invitation', { invitationId: new URL(invited.inviteLink).searchParams.get('invitationId') });
  memberStorage = await member.storageState();
  await member.close();
});
afterAll(async () => h?.close());

const signedIn = (viewport = DESKTOP, colorScheme: 'light' | 'dark' = 'light') => h.browser.newContext({ viewport, colorScheme, storageState: seeded.storage });
const dashboard = (search: string) => `${h.loupeUrl}/sites/${seeded.site}?${search}`;

/** Waits until every top-line card shows the API's overview for `params`, and returns it. */
async function expectCards(page: Page, params: Record<string, string | number>): Promise<Record<string, number>> {
  const overview = await siteJson<{ data: Record<string, number> }>(h, page.context().request, seeded.site, '/overview', params);
  await page.getByTestId('overview-sessions').filter({ hasText: new RegExp(`^${overview.data.sessions}$`) }).waitFor();
  for (const figure of FIGURES) expect([figure, await page.getByTestId(`overview-${figure}`).getAttribute('data-value')]).toEqual([figure, String(overview.data[figure])]);
  return overview.data;
}

const segmentsOf = async (context: BrowserContext) => siteJson<Segment[]>(h, context.request, seeded.site, '/segments');

describe('segments', () => {
  it('saves the filters as a segment, applies it with the API\'s figures, renames it, shows public ones to a public viewer, and deletes it', async () => {
    const owner = await signedIn();
    const page = await h.open(owner, dashboard(`period=all&tz=UTC&filters=${encodeURIComponent(JSON.stringify(GERMANY))}`));
    const filtered = await expectCards(page, { ...allTimeUtc(), filters: JSON.stringify(GERMANY) });
    await page.getByRole('button', { name: 'Save as segment' }).click();
    const save = page.getByRole('dialog', { name: 'Save filters as a segment' });
    await save.getByLabel('Segment name').fill('Germany');
    await save.getByLabel('Public').check();
    expect(await seriousViolations(page)).toEqual([]);
    await save.getByRole('button', { name: 'Save segment' }).click();
    await page.waitForURL(/segment=\d+/);

    const [saved] = await segmentsOf(owner);
    expect(saved).toMatchObject({ name: 'Germany', filters: GERMANY, isPublic: true });
    const url = new URL(page.url());
    expect([url.searchParams.get('segment'), url.searchParams.get('filters')]).toEqual([String(saved?.segmentId), null]);
    await page.getByTestId('segment-chip').filter({ hasText: 'Segment: Germany' }).waitFor();
    const applied = await expectCards(page, { ...allTimeUtc(), segment_id: saved?.segmentId ?? 0 });
    expect(applied).toEqual(filtered);
    expect(applied).toMatchObject({ users: 1, sessions: 1, pageviews: 2 });

    await page.getByRole('button', { name: 'Segments', exact: true }).click();
    const list = page.getByRole('dialog', { name: 'Saved segments' });
    await list.getByLabel('Name of Germany').fill('DE visitors');
    await list.getByRole('button', { name: 'Rename' }).click();
    await page.getByTestId('segment-chip').filter({ hasText: 'Segment: DE visitors' }).waitFor();
    expect((await segmentsOf(owner)).map((segment) => segment.name)).toEqual(['DE visitors']);
    await list.getByRole('button', { name: 'Close' }).click();
    await postJson(h, owner.request, `/api/sites/${seeded.site}/segments`, { name: 'France', filters: [{ parameter: 'country', type: 'equals', value: ['FR'] }] });
    await postJson(h, owner.request, `/api/sites/${seeded.site}/config`, { public: true }, 'put');
    expect(h.consoleErrors.splice(0)).toEqual([]);

    const stranger = await h.browser.newContext({ viewport: DESKTOP });
    const visitor = await h.open(stranger, dashboard('period=all&tz=UTC'));
    await expectCards(visitor, allTimeUtc());
    expect(await visitor.getByRole('button', { name: 'Add annotation' }).count()).toBe(0);
    await visitor.getByRole('button', { name: 'Segments', exact: true }).click();
    const shown = visitor.getByRole('dialog', { name: 'Saved segments' });
    await shown.getByRole('button', { name: 'Apply DE visitors' }).waitFor();
    expect(await shown.locator('li[data-segment-id]').allInnerTexts()).toEqual([expect.stringContaining('DE visitors')]);
    expect(await shown.getByRole('button', { name: /Rename|Delete/ }).count()).toBe(0);
    expect(await shown.getByRole('checkbox').count()).toBe(0);
    await shown.getByRole('button', { name: 'Apply DE visitors' }).click();
    await visitor.waitForURL(/segment=\d+/);
    expect(await expectCards(visitor, { ...allTimeUtc(), segment_id: saved?.segmentId ?? 0 })).toEqual(filtered);
    await stranger.close();

    await page.getByRole('button', { name: 'Segments', exact: true }).click();
    await list.getByRole('button', { name: 'Delete DE visitors' }).click();
    await list.getByRole('button', { name: 'Apply DE visitors' }).waitFor({ state: 'detached' });
    expect((await segmentsOf(owner)).map((segment) => segment.name)).toEqual(['France']);
    // The deleted segment was applied: the view drops it and shows the unfiltered figures again.
    await page.waitForURL((url) => !url.searchParams.has('segment'));
    await expectCards(page, allTimeUtc());
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await owner.close();
  });
});

/** Clicks the chart's bucket `index` of `count` and returns the dialog that opens. */
async function clickBucket(page: Page, index: number, count: number) {
  // The chart is drawn anew when late answers (the comparison) arrive: its plot area is measured once it stays.
  const over = page.getByTestId('time-series').locator('.u-over');
  let box = await over.boundingBox();
  for (let tries = 0; !box && tries < 50; tries += 1) {
    await over.waitFor({ state: 'visible' });
    box = await over.boundingBox();
  }
  if (!box) throw new Error('no chart');
  await over.click({ position: { x: (box.width * index) / (count - 1), y: box.height / 2 } });
  return page.getByRole('dialog', { name: 'Add an annotation' });
}

describe('annotations', () => {
  const week = { start_date: utcDay(-6), end_date: utcDay(), time_zone: 'UTC' };

  it('adds an annotation at a clicked bucket\'s date, edits and deletes it', async () => {
    const owner = await signedIn();
    const page = await h.open(owner, dashboard('period=7d&tz=UTC'));
    const series = await siteJson<OverviewTimeSeries>(h, owner.request, seeded.site, '/overview/time-series', { ...week, bucket: 'day' });
    const labels = series.data.map((point) => point.time);
    await page.getByTestId('time-series').and(page.locator(`[data-points="${labels.length}"]`)).waitFor();
    const dialog = await clickBucket(page, 4, labels.length);
    const day = labels[4]?.slice(0, 10) ?? '';
    expect(await dialog.getByLabel('Date and time (UTC)').inputValue()).toBe(`${day}T00:00`);
    expect(await dialog.getByLabel('Shown on').count()).toBe(1);
    await dialog.getByLabel('Title').fill('Launch day');
    await dialog.getByRole('button', { name: 'Add annotation' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const [made] = await siteJson<Annotation[]>(h, owner.request, seeded.site, '/annotations', week);
    expect(made).toMatchObject({ title: 'Launch day', date: `${day}T00:00:00.000Z`, endDate: null, isPublic: false });
    expect(made?.siteId).toBe(seeded.siteId);
    await page.getByTestId('time-series').and(page.locator('[data-annotations="1"]')).waitFor();

    await page.getByRole('button', { name: /Launch day/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit annotation' });
    await edit.getByLabel('Title').fill('Launch');
    await edit.getByRole('button', { name: 'Save annotation' }).click();
    await edit.waitFor({ state: 'hidden' });
    expect(await siteJson<Annotation[]>(h, owner.request, seeded.site, '/annotations', week)).toEqual([
      expect.objectContaining({ annotationId: made?.annotationId, title: 'Launch', date: `${day}T00:00:00.000Z` }),
    ]);

    await page.getByRole('button', { name: /Launch/ }).click();
    await edit.getByRole('button', { name: 'Delete annotation' }).click();
    await edit.waitFor({ state: 'hidden' });
    expect(await siteJson<Annotation[]>(h, owner.request, seeded.site, '/annotations', week)).toEqual([]);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await owner.close();
  });

  it('offers a member their own annotations to change, not others\' nor the organization scope', async () => {
    const owner = await signedIn();
    await postJson(h, owner.request, `/api/sites/${seeded.site}/annotations`, { title: 'Owner note', date: `${utcDay(-2)}T00:00:00Z` });
    await owner.close();
    const member = await h.browser.newContext({ viewport: DESKTOP, storageState: memberStorage });
    const page = await h.open(member, dashboard('period=7d&tz=UTC'));
    await page.getByTestId('time-series').and(page.locator('[data-annotations="1"]')).waitFor();
    await page.getByRole('button', { name: /Owner note/ }).click();
    const shown = page.getByRole('dialog', { name: 'Annotation' });
    await shown.getByText('Only its author or an organization admin may change it.').waitFor();
    expect(await shown.getByRole('button', { name: /Delete|Save/ }).count()).toBe(0);
    await shown.getByRole('button', { name: 'Close' }).click();

    const dialog = await clickBucket(page, 5, 7);
    await dialog.getByLabel('Title').waitFor();
    expect(await dialog.getByLabel('Shown on').count()).toBe(0);
    await dialog.getByLabel('Title').fill('Member note');
    await dialog.getByRole('button', { name: 'Add annotation' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const titles = (await siteJson<Annotation[]>(h, member.request, seeded.site, '/annotations', { start_date: utcDay(-6), end_date: utcDay(), time_zone: 'UTC' })).map((note) => note.title);
    expect(titles).toEqual(['Owner note', 'Member note']);
    await page.getByRole('button', { name: /Member note/ }).click();
    await page.getByRole('dialog', { name: 'Edit annotation' }).getByRole('button', { name: 'Delete annotation' }).waitFor();
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await member.close();
  });
});

describe('looks', () => {
  it.each([
    ['desktop'], ['phone'],
  ] as const)('shows the segment and annotation dialogs without serious accessibility violations or overflow (light and dark, %s)', async (width) => {
    const viewport = width === 'desktop' ? DESKTOP : PHONE;
    const owner = await signedIn(viewport);
    const page = await h.open(owner, dashboard(`period=7d&tz=UTC&filters=${encodeURIComponent(JSON.stringify(GERMANY))}`));
    await page.getByTestId('time-series').waitFor();
    await page.getByRole('button', { name: 'Segments', exact: true }).click();
    await page.getByRole('dialog', { name: 'Saved segments' }).getByRole('button', { name: 'Apply France' }).waitFor();
    await checkLooks(page, 'segments-dialog', width, viewport.width);
    await page.getByRole('dialog', { name: 'Saved segments' }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Add annotation' }).click();
    await page.getByRole('dialog', { name: 'Add an annotation' }).getByLabel('Title').waitFor();
    await checkLooks(page, 'annotation-dialog', width, viewport.width);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await owner.close();
  });
});
