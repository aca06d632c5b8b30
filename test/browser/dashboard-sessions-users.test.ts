// The sessions and users pages in headless Chromium against a real Loupe server, on exactly seeded sessions and
// traits: the sessions list and a session's timeline (events in order, with their times and time spent), the users
// list, trait keys and values, and a user's profile (traits, session count, their sessions) all equal the API's
// JSON; every page in light and dark, desktop and 375 px, checked by axe-core, with no console error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { checkPages, SCREENSHOT_DIR, startDashboardHarness, type DashboardHarness } from './dashboard-harness.js';
import {
  allTimeUtc, DESKTOP, PHONE, seedPeople, siteJson, type PeopleSite, type SessionDetail, type SessionList, type TraitKeys, type TraitValues, type UserDetail, type UserList,
} from './people-harness.js';

let h: DashboardHarness;
let seeded: PeopleSite;
const VIEW = 'period=all&tz=UTC';

beforeAll(async () => {
  h = await startDashboardHarness();
  console.log(`dashboard screenshots: ${SCREENSHOT_DIR}`);
  seeded = await seedPeople(h);
});
afterAll(async () => h?.close());

const signedIn = (viewport = DESKTOP, colorScheme: 'light' | 'dark' = 'light'): Promise<BrowserContext> =>
  h.browser.newContext({ viewport, colorScheme, storageState: seeded.storage });

async function ready(page: Page, piece: string): Promise<Locator> {
  const area = page.locator(`[data-bench-piece="${piece}"]`);
  await area.and(page.locator('[data-bench-state="ready"]')).waitFor();
  return area;
}

const attributes = (scope: Locator, selector: string, name: string) =>
  scope.locator(selector).evaluateAll((nodes, attribute) => nodes.map((node) => node.getAttribute(attribute) ?? ''), name);

describe('sessions', () => {
  it('lists the API\'s sessions and shows a session\'s events in order with their times and time spent', async () => {
    const context = await signedIn();
    const page = await h.open(context, `${h.loupeUrl}/sites/${seeded.site}/sessions?${VIEW}`);
    const list = await siteJson<SessionList>(h, context.request, seeded.site, '/sessions', { ...allTimeUtc(), page: 1, limit: 50 });
    const table = await ready(page, 'sessions');
    expect(list.data.map((row) => row.session_id)).toEqual(['102', '201', '101']);
    expect(await attributes(table, 'tr[data-session-id]', 'data-session-id')).toEqual(list.data.map((row) => row.session_id));
    expect(await attributes(table, '[data-pageviews]', 'data-pageviews')).toEqual(list.data.map((row) => String(row.pageviews)));
    expect(await attributes(table, '[data-events]', 'data-events')).toEqual(list.data.map((row) => String(row.events)));
    expect(await attributes(table, '[data-person]', 'data-person')).toEqual(['alice', 'vb', 'alice']);

    // The list's own narrowing: the API's min_pageviews, then identified_only too.
    await page.getByLabel('At least pageviews').fill('2');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/min_pageviews=2/);
    const busy = await siteJson<SessionList>(h, context.request, seeded.site, '/sessions', { ...allTimeUtc(), min_pageviews: 2, page: 1, limit: 50 });
    expect(busy.data.map((row) => row.session_id)).toEqual(['201', '101']);
    await expect.poll(() => attributes(table, 'tr[data-session-id]', 'data-session-id')).toEqual(busy.data.map((row) => row.session_id));
    await page.getByLabel('Identified users only').check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/identified_only=true/);
    const known = await siteJson<SessionList>(h, context.request, seeded.site, '/sessions', { ...allTimeUtc(), min_pageviews: 2, identified_only: 'true', page: 1, limit: 50 });
    await expect.poll(() => attributes(table, 'tr[data-session-id]', 'data-session-id')).toEqual(known.data.map((row) => row.session_id));
    expect(known.data.map((row) => row.session_id)).toEqual(['101']);

    await table.locator('tr[data-session-id="101"] td').first().getByRole('link').click();
    await page.waitForURL(`${h.loupeUrl}/sites/${seeded.site}/sessions/101?${VIEW}`);
    const timeline = await ready(page, 'session-events');
    const detail = (await siteJson<{ data: SessionDetail }>(h, context.request, seeded.site, '/sessions/101', { ...allTimeUtc(), limit: 100, offset: 0 })).data;
    expect(detail.events.map((event) => [event.type, event.pathname, event.time_spent])).toEqual([
      ['pageview', '/', 30], ['pageview', '/pricing', 30], ['custom_event', '/pricing', 75.5], ['pageview', '/thanks', null],
    ]);
    const events = timeline.getByTestId('timeline-event');
    expect(await attributes(timeline, '[data-testid="timeline-event"]', 'data-timestamp')).toEqual(detail.events.map((event) => event.timestamp));
    expect(await attributes(timeline, '[data-testid="timeline-event"]', 'data-type')).toEqual(detail.events.map((event) => event.type));
    expect(await attributes(timeline, '[data-testid="timeline-event"]', 'data-time-spent')).toEqual(detail.events.map((event) => String(event.time_spent ?? '')));
    expect(await events.getByTestId('timeline-subject').allInnerTexts()).toEqual(['/', '/pricing', 'signup', '/thanks']);
    expect(await events.getByTestId('timeline-spent').allInnerTexts()).toEqual([
      '30s until the next event', '30s until the next event', '1m 16s until the next event', 'Last event of the session',
    ]);
    // Times are shown in the view's zone (UTC here), as every date of the dashboard is written (format-instant.ts).
    const spaced = (text: string) => text.replace(/\s/g, ' ');
    const written = (timestamp: string) => spaced(new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${timestamp.replace(' ', 'T')}Z`)));
    expect((await events.locator('time').allInnerTexts()).map(spaced)).toEqual(detail.events.map((event) => written(event.timestamp)));
    const summary = await ready(page, 'session');
    expect(await summary.locator('[data-field="pageviews"]').innerText()).toBe(String(detail.session.pageviews));
    expect(await summary.locator('[data-field="events"]').innerText()).toBe(String(detail.session.events));
    expect(await summary.locator('[data-field="session_duration"]').innerText()).toBe('2m 16s');
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });
});

describe('users', () => {
  it('lists the API\'s users with their traits, trait keys and values, and a user\'s profile with their sessions', async () => {
    const context = await signedIn();
    const page = await h.open(context, `${h.loupeUrl}/sites/${seeded.site}/users?${VIEW}`);
    const list = await siteJson<UserList>(h, context.request, seeded.site, '/users', { ...allTimeUtc(), page: 1, page_size: 50, sort_by: 'last_seen', sort_order: 'desc' });
    const table = await ready(page, 'users');
    expect(list.data.map((row) => [row.user_id, row.sessions, row.traits])).toEqual([['alice', 2, { plan: 'pro', company: 'Acme' }], ['vb', 1, null]]);
    expect(await attributes(table, 'tr[data-user-id]', 'data-user-id')).toEqual(list.data.map((row) => row.user_id));
    expect(await attributes(table, '[data-sessions]', 'data-sessions')).toEqual(list.data.map((row) => String(row.sessions)));
    expect(await attributes(table, '[data-traits]', 'data-traits')).toEqual(list.data.map((row) => JSON.stringify(row.traits ?? null)));
    expect(await page.getByTestId('user-total').getAttribute('data-total')).toBe(String(list.totalCount));

    const traits = await ready(page, 'user-traits');
    const keys = await siteJson<TraitKeys>(h, context.request, seeded.site, '/user-traits/keys', allTimeUtc());
    const keyTable = traits.getByTestId('trait-table-Trait');
    expect(await attributes(keyTable, '[data-value]', 'data-value')).toEqual(keys.data.map((row) => row.key));
    expect(await attributes(keyTable, '[data-count]', 'data-count')).toEqual(keys.data.map((row) => String(row.count)));
    await keyTable.getByRole('button', { name: 'plan' }).click();
    await page.waitForURL(/trait=plan/);
    const values = await siteJson<TraitValues>(h, context.request, seeded.site, '/user-traits/values', { ...allTimeUtc(), key: 'plan' });
    const valueTable = traits.getByTestId('trait-table-Value');
    await valueTable.waitFor();
    expect(values.data).toEqual([{ value: 'pro', count: 1 }]);
    expect(await attributes(valueTable, '[data-value]', 'data-value')).toEqual(values.data.map((row) => row.value));

    await table.getByRole('link', { name: 'alice' }).click();
    await page.waitForURL(`${h.loupeUrl}/sites/${seeded.site}/users/alice?${VIEW}`);
    const profile = await ready(page, 'user');
    const user = (await siteJson<{ data: UserDetail }>(h, context.request, seeded.site, '/users/alice', allTimeUtc())).data;
    expect(await profile.locator('[data-field="sessions"]').innerText()).toBe(String(user.sessions));
    expect(await profile.locator('[data-field="pageviews"]').innerText()).toBe(String(user.pageviews));
    const traitTable = await ready(page, 'user-profile-traits');
    expect(await attributes(traitTable, '[data-trait-key]', 'data-trait-key')).toEqual(Object.keys(user.traits as object));
    expect(await attributes(traitTable, '[data-trait-value]', 'data-trait-value')).toEqual(Object.values(user.traits as object).map(String));
    const theirs = await siteJson<SessionList>(h, context.request, seeded.site, '/sessions', { ...allTimeUtc(), user_id: 'alice', page: 1, limit: 50 });
    const sessions = await ready(page, 'user-sessions');
    expect(theirs.data.length).toBe(user.sessions);
    expect(await attributes(sessions, 'tr[data-session-id]', 'data-session-id')).toEqual(theirs.data.map((row) => row.session_id));

    await sessions.locator('tr[data-session-id="102"]').getByRole('link').click();
    await page.waitForURL(`${h.loupeUrl}/sites/${seeded.site}/sessions/102?${VIEW}`);
    await ready(page, 'session-events');
    expect(await page.getByTestId('timeline-subject').allInnerTexts()).toEqual(['/docs']);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });
});

describe('looks', () => {
  it.each([
    ['desktop'], ['phone'],
  ] as const)('shows the sessions and users pages without serious accessibility violations or overflow (light and dark, %s)', async (width) => {
    const viewport = width === 'desktop' ? DESKTOP : PHONE;
    const owner = await signedIn(viewport, 'light');
    const base = `/sites/${seeded.site}`;
    const pages = [
      ['sessions', `${base}/sessions?${VIEW}`, owner], ['session', `${base}/sessions/101?${VIEW}`, owner],
      ['users', `${base}/users?${VIEW}&trait=plan`, owner], ['user', `${base}/users/alice?${VIEW}`, owner],
    ] as const;
    // The pages are checked side by side: most of each check is waiting for the network to go quiet.
    await Promise.all(pages.map((entry) => checkPages(h, [entry], width, viewport.width)));
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await owner.close();
  });
});
