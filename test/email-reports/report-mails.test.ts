// Scheduled report mails end to end on a settable clock with a real SMTP server on loopback: opt-in per member and
// site, the week cut in the member's zone, one mail per recipient and period (again after a second pass and a
// restart), both parts with the API's figures, the chart inlined as a PNG, the period's dashboard link, one-click
// unsubscribe, and a failed send retried and shown.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, inviteAndAccept, signUp } from '../helpers/auth-client.js';
import { frozenClock } from '../helpers/frozen-clock.js';
import { mailParts } from '../helpers/received-mail.js';
import { seedEvents } from '../helpers/seed-events.js';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { until } from '../helpers/until.js';

const clock = frozenClock('2026-03-05T10:00:00.000Z');
const ZONE = 'Europe/Berlin';

describe('scheduled report mails', () => {
  let smtp: SmtpReceiver;
  let dataDir: string;
  let t: TestApp;
  let owner: { cookie: string; userId: string };
  let viewer: { cookie: string; userId: string };
  let siteId: number;
  const start = () => createTestApp({ clock: clock.now, env: { DATA_DIR: dataDir, SMTP_URL: smtp.url, REPORT_CHECK_INTERVAL: '1h', MAIL_RETRY_DELAYS: '1s,1s' } });
  const reportsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address) && /^(Weekly|Monthly) report for /.test(mail.headers.subject ?? ''));
  const subscription = async (who: { cookie: string }) => (await call(t.app, who, { method: 'GET', url: `/api/sites/${siteId}/email-reports` })).json().data;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    dataDir = mkdtempSync(join(tmpdir(), 'loupe-reports-'));
    t = await start();
    owner = await signUp(t.app, 'report-owner@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'reports-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'news.example.com', name: 'News' })).siteId;
    viewer = await signUp(t.app, 'report-viewer@example.com');
    const accepted = await inviteAndAccept(t.app, owner, viewer, org, 'report-viewer@example.com', 'viewer');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const goal = await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/goals`, payload: { name: 'Newsletter', goalType: 'event', config: { eventName: 'subscribe' } } });
    expect(goal.statusCode).toBe(200);
    const visit = (n: number, at: string, extra: Record<string, unknown> = {}) => ({ at, session_id: n, user_id: `u${n}`, country: n % 3 === 0 ? 'FR' : 'DE', referrer: n % 2 === 0 ? 'https://www.google.com/' : '', ...extra });
    await seedEvents(t, siteId, [
      // The week of 9 to 15 March in Berlin: 5 visitors, one of them at 00:30 Monday Berlin (Sunday 23:30 UTC).
      visit(1, '2026-03-08T23:30:00.000Z', { pathname: '/' }),
      visit(1, '2026-03-08T23:31:00.000Z', { pathname: '/about' }),
      visit(2, '2026-03-10T09:00:00.000Z', { pathname: '/' }),
      visit(3, '2026-03-11T09:00:00.000Z', { pathname: '/pricing' }),
      visit(3, '2026-03-11T09:00:30.000Z', { type: 'custom_event', event_name: 'subscribe', pathname: '/pricing' }),
      visit(4, '2026-03-13T09:00:00.000Z', { pathname: '/' }),
      visit(5, '2026-03-15T20:00:00.000Z', { pathname: '/blog' }),
      // Sunday 23:30 Berlin is still the week; Monday 00:10 Berlin (Sunday 23:10 UTC) is the next one.
      visit(6, '2026-03-15T22:59:00.000Z', { pathname: '/' }),
      visit(7, '2026-03-15T23:10:00.000Z', { pathname: '/' }),
      // The week before: 2 visitors.
      visit(8, '2026-03-03T09:00:00.000Z', { pathname: '/' }),
      visit(9, '2026-03-04T09:00:00.000Z', { pathname: '/' }),
    ]);
  });

  afterAll(async () => {
    await t.close();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends each subscriber one weekly report per week, with the API\'s figures', async () => {
    // Subscribed on Wednesday: the first report is the one of this week.
    clock.set('2026-03-11T10:00:00.000Z');
    const saved = await call(t.app, owner, { method: 'PUT', url: `/api/sites/${siteId}/email-reports`, payload: { weekly: true, monthly: false, timeZone: ZONE } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ weekly: true, monthly: false, time_zone: ZONE, email: 'report-owner@example.com', deliveries: [] });
    expect((await call(t.app, viewer, { method: 'PUT', url: `/api/sites/${siteId}/email-reports`, payload: { weekly: true, monthly: true, timeZone: ZONE } })).statusCode).toBe(200);

    // Sunday 23:30 in Berlin: the week is not over.
    clock.set('2026-03-15T22:30:00.000Z');
    await t.services.emailReports.queueNow();
    await t.services.mailQueue.idle();
    expect(reportsTo('report-owner@example.com')).toEqual([]);

    // Monday 00:30 in Berlin.
    clock.set('2026-03-15T23:30:00.000Z');
    await t.services.emailReports.queueNow();
    const [mail] = await until(() => reportsTo('report-owner@example.com'), (mails) => mails.length === 1);
    await until(() => reportsTo('report-viewer@example.com'), (mails) => mails.length === 1);
    expect(mail!.from).toBe('loupe@localhost');
    expect(mail!.headers.subject).toBe('Weekly report for News: 2026-03-09 to 2026-03-15');

    const query = `start_date=2026-03-09&end_date=2026-03-15&time_zone=${encodeURIComponent(ZONE)}`;
    const api = async (path: string, extra = '') => (await call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}${path}?${query}${extra}` })).json();
    const overview = (await api('/overview')).data;
    const before = (await call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}/overview?start_date=2026-03-02&end_date=2026-03-08&time_zone=${encodeURIComponent(ZONE)}` })).json().data;
    const pages = (await api('/metric', '&parameter=pathname&limit=5')).data.data;
    const goals = (await api('/goals')).data as Array<{ name: string; total_conversions: number; conversion_rate: number }>;
    expect([overview.users, overview.pageviews, before.users]).toEqual([6, 7, 2]);

    const parts = mailParts(mail!);
    const { html, images } = parts;
    const text = parts.text.replace(/\r\n/g, '\n');
    expect(text).toContain(`Weekly report for News: 2026-03-09 to 2026-03-15 (${ZONE})`);
    expect(text).toContain(`Visitors: ${overview.users} (+200% against the period before)`);
    expect(text).toContain(`Pageviews: ${overview.pageviews} (+250% against the period before)`);
    expect(text).toContain(`Bounce rate: ${overview.bounce_rate}%`);
    expect(text).toContain('Visit duration: ');
    expect(text).toContain(`Top pages:\n${pages.map((row: { value: string; count: number }) => `  ${row.value}: ${row.count}`).join('\n')}\n`);
    expect(pages[0]).toMatchObject({ value: '/', count: 4 });
    expect(text).toContain('Top countries:\n  DE: 4\n  FR: 2\n');
    expect(goals[0]).toMatchObject({ name: 'Newsletter', total_conversions: 1 });
    expect(text).toContain(`Goals:\n  Newsletter: 1 (${Math.round(goals[0]!.conversion_rate * 1000) / 10}%)\n`);
    expect(text).toContain(`Open this period in the dashboard: http://localhost:3001/sites/${siteId}?period=custom&from=2026-03-09&to=2026-03-15`);
    expect(html).toContain(`>${overview.users}</div>`);
    expect(html).toContain('<img src="cid:visitors-chart.png"');
    expect(html).toContain(`href="http://localhost:3001/sites/${siteId}?period=custom&amp;from=2026-03-09&amp;to=2026-03-15"`);
    expect(images).toHaveLength(1);
    expect(images[0]!.headers['content-id']).toBe('<visitors-chart.png>');
    expect([...images[0]!.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const unsubscribe = /^<(http:\/\/localhost:3001\/api\/email-reports\/unsubscribe\?token=[A-Za-z0-9_.-]+)>$/.exec(mail!.headers['list-unsubscribe'] ?? '')?.[1];
    expect(unsubscribe).toBeDefined();
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(text).toContain(`Unsubscribe from this report: ${unsubscribe}`);

    // The log shows it sent; a second pass and a restart send nothing more.
    expect((await subscription(owner)).deliveries).toMatchObject([{ reference: 'weekly:2026-03-09', recipient: 'report-owner@example.com', status: 'sent', attempts: 1, error: null }]);
    await t.services.emailReports.queueNow();
    await t.close();
    clock.set('2026-03-16T08:00:00.000Z');
    t = await start();
    await t.services.emailReports.queueNow();
    await t.services.mailQueue.idle();
    expect(reportsTo('report-owner@example.com')).toHaveLength(1);
    expect(reportsTo('report-viewer@example.com')).toHaveLength(1);

    // One-click unsubscribe: GET shows a button, the mail client's POST turns the report off.
    const url = new URL(unsubscribe!);
    const pageAnswer = await call(t.app, undefined, { method: 'GET', url: `${url.pathname}${url.search}` });
    expect(pageAnswer.statusCode).toBe(200);
    expect(pageAnswer.body).toContain(`<form method="post" action="${url.pathname}${url.search}">`);
    const tampered = await call(t.app, undefined, { method: 'POST', url: `${url.pathname}${url.search.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(tampered.statusCode).toBe(400);
    expect((await subscription(owner)).weekly).toBe(true);
    const oneClick = await call(t.app, undefined, { method: 'POST', url: `${url.pathname}${url.search}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('You will no longer receive this report.');
    expect(await subscription(owner)).toMatchObject({ weekly: false, monthly: false });
    expect(await subscription(viewer)).toMatchObject({ weekly: true, monthly: true });
  }, 120_000);

  it('retries a failed send with backoff and shows the failure meanwhile', async () => {
    smtp.refuseRecipients(true);
    // 1 April 00:30 in Berlin: the viewer's March report, and the week of 23 to 29 March.
    clock.set('2026-03-31T22:30:00.000Z');
    await t.services.emailReports.queueNow();
    const retrying = (rows: Array<{ status: string }>) => rows.filter((row) => row.status === 'retrying');
    const failing = retrying(await until(async () => (await subscription(viewer)).deliveries, (rows) => retrying(rows).length === 2));
    expect((failing as unknown as Array<{ reference: string; error: string; next_attempt_at: string }>).map((row) => [row.reference, row.error, row.next_attempt_at]).sort()).toEqual([
      ['monthly:2026-03-01', 'SMTP RCPT TO refused: 550 no such user here', '2026-03-31T22:30:01.000Z'],
      ['weekly:2026-03-23', 'SMTP RCPT TO refused: 550 no such user here', '2026-03-31T22:30:01.000Z'],
    ]);
    smtp.refuseRecipients(false);
    clock.advance(1_000);
    t.services.mailQueue.kick();
    const sent = await until(() => reportsTo('report-viewer@example.com'), (mails) => mails.length === 3);
    expect(sent.slice(1).map((mail) => mail.headers.subject).sort()).toEqual([
      'Monthly report for News: 2026-03-01 to 2026-03-31',
      'Weekly report for News: 2026-03-23 to 2026-03-29',
    ]);
    const log = await until(async () => (await subscription(viewer)).deliveries, (rows) => rows.filter((row: { status: string }) => row.status === 'sent').length === 3);
    expect(log.filter((row: { attempts: number }) => row.attempts === 2)).toHaveLength(2);
    expect(reportsTo('report-owner@example.com')).toHaveLength(1);
  });

  it.each([
    [{ weekly: true }, 400],
    [{ weekly: true, monthly: false, timeZone: 'Mars/Olympus' }, 400],
    [{ weekly: 'yes', monthly: false }, 400],
  ])('refuses %j', async (payload, status) => {
    expect((await call(t.app, owner, { method: 'PUT', url: `/api/sites/${siteId}/email-reports`, payload })).statusCode).toBe(status);
  });

  it('refuses an outsider and an unsigned-in caller', async () => {
    const outsider = await signUp(t.app, 'report-outsider@example.com');
    expect((await call(t.app, outsider, { method: 'PUT', url: `/api/sites/${siteId}/email-reports`, payload: { weekly: true, monthly: false } })).statusCode).toBe(403);
    expect((await call(t.app, undefined, { method: 'GET', url: `/api/sites/${siteId}/email-reports` })).statusCode).toBe(401);
  });
});
