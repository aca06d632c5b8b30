// The round trip a user takes: a site's raw export (GET /export?format=ndjson) imported with `loupe import
// --format loupe` into a fresh instance gives the same reports, exactly (overview, series, every dashboard
// breakdown, pages, custom events, errors, vitals, goals, retention, journeys, users, sessions); importing it
// again changes nothing, and deleting the import restores the previous values, on an empty site and on a
// site with its own events (that one through the imports API).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivedUInt64 } from '../../src/imports/derived-ids.js';
import { exportedSessionIds, roundTripReports, sessionIdTranslator } from '../../scripts/bench-export/round-trip-reports.js';
import { call, createOrganization, createOrganizationKey, createSite, signUp, type Credential } from '../helpers/auth-client.js';
import { runCli } from '../helpers/cli-process.js';
import { seedBotEvents, seedEvents } from '../helpers/seed-events.js';
import { freePort } from '../helpers/server-process.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { importOverHttp } from './import-reports.js';
import { roundTripBotEvents, roundTripSessions } from './round-trip-events.js';

const CLOCK = () => Date.parse('2026-03-10T12:00:00Z');
const UTC_RANGE = 'start_date=2026-03-01&end_date=2026-03-06&time_zone=UTC';
const NEW_YORK_RANGE = 'start_date=2026-03-01&end_date=2026-03-06&time_zone=America/New_York';
const GOALS = [
  { name: 'Pricing', goalType: 'path', config: { pathPattern: '/pricing' } },
  { name: 'Signed up', goalType: 'event', config: { eventName: 'signup' } },
];
const ERROR_MESSAGES = ['TypeError: x is undefined', 'ReferenceError: chart is not defined'];
const SESSIONS = roundTripSessions();
const EVENT_COUNT = SESSIONS.reduce((sum, rows) => sum + rows.length, 0);
const BOTS = roundTripBotEvents();
/** Two identified people and an anonymous visitor of the data set, for the user detail report. */
const USERS = [
  ...new Set(SESSIONS.flat().map((row) => String(row.identified_user_id)).filter((id) => id !== '')),
].slice(0, 2).concat(String(SESSIONS.flat().find((row) => row.identified_user_id === '')?.user_id));

interface Instance {
  t: TestApp;
  owner: Credential;
  key: { key: string };
  org: string;
}

async function instance(name: string): Promise<Instance> {
  const t = await createTestApp({ clock: CLOCK });
  const owner = await signUp(t.app, `${name}@example.com`);
  const org = await createOrganization(t.app, owner.cookie, name);
  return { t, owner, org, key: await createOrganizationKey(t.app, owner, org) };
}

async function siteWithGoals(loupe: Instance, domain: string): Promise<number> {
  const site = (await createSite(loupe.t.app, loupe.owner, loupe.org, { domain })).siteId;
  for (const goal of GOALS) {
    const res = await call(loupe.t.app, loupe.owner, { method: 'POST', url: `/api/sites/${site}/goals`, payload: goal });
    expect(res.statusCode).toBe(200);
  }
  return site;
}

const REPORTS_AT_ONCE = 4;

/** `work` on every item, `size` at a time, the results in the items' order. */
async function inBatches<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let from = 0; from < items.length; from += size) results.push(...(await Promise.all(items.slice(from, from + size).map(work))));
  return results;
}

/** The reports of the round trip plus per-message errors, per-person users and per-session details, as sent. */
async function reports(loupe: Instance, site: number, sessionIds: readonly string[], translate: (answer: string) => string = (answer) => answer) {
  const paths = [
    ...roundTripReports(UTC_RANGE),
    ...roundTripReports(NEW_YORK_RANGE).slice(0, 6),
    ...ERROR_MESSAGES.flatMap((message) => ['events', 'time-series'].map((report) => `errors/${report}?${UTC_RANGE}&errorMessage=${encodeURIComponent(message)}`)),
    ...USERS.map((user) => `users/${user}?${UTC_RANGE}`),
    ...sessionIds.map((id) => `sessions/${id}?${UTC_RANGE}`),
  ];
  // A few at a time: one request's JavaScript runs while the engine answers another's query (the answers are
  // keyed by path, so their order does not matter).
  const answered = await inBatches(paths, REPORTS_AT_ONCE, async (path) => {
    const res = await call(loupe.t.app, loupe.key, { method: 'GET', url: `/api/sites/${site}/${path}` });
    return [path.replace(/^sessions\/\d+/, 'sessions/<id>'), `${res.statusCode} ${translate(res.body)}`] as const;
  });
  return Object.fromEntries(answered);
}

const nonEmptyLines = (text: string) => text.split('\n').filter((line) => line.length > 0);

describe('export, then loupe import --format loupe into a fresh instance', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'loupe-round-trip-'));
  const exportFile = join(scratch, 'export.ndjson');
  let source: Instance;
  let fresh: Instance;
  let base: string;
  let sourceSite: number;
  let lines: string[];
  let sessionIds: string[];
  let original: Record<string, string>;

  beforeAll(async () => {
    source = await instance('round-trip-source');
    sourceSite = await siteWithGoals(source, 'www.example.com');
    // One insert for every session (each row's session start is its session's first instant either way): an insert
    // costs the engine about 0.2 s of CPU whatever its size, through the views it feeds.
    await seedEvents(source.t, sourceSite, SESSIONS.flat());
    await seedBotEvents(source.t, sourceSite, BOTS);
    const exported = await call(source.t.app, source.key, { method: 'GET', url: `/api/sites/${sourceSite}/export?format=ndjson&bots=true` });
    expect(exported.statusCode).toBe(200);
    writeFileSync(exportFile, exported.body);
    lines = nonEmptyLines(exported.body);
    sessionIds = [...(await exportedSessionIds(lines))];
    original = await reports(source, sourceSite, sessionIds.slice(0, 12));
    // The data set has revenue in two currencies and engagement: the round trip compares figures, not zeros.
    expect(original[`revenue?${UTC_RANGE}`]).toMatch(/"by_currency":\[\{"currency":"(EUR|JPY)","total":"[1-9]/);
    expect(original[`engagement?${UTC_RANGE}`]).toMatch(/^200 \{"data":\{"visits":[1-9]/);
    // One embedded store per process: the source closes before the fresh instance opens.
    await source.t.close();

    fresh = await instance('round-trip-copy');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    await fresh.t.app.listen({ port, host: '127.0.0.1' });
  }, 240_000);
  afterAll(async () => {
    await fresh?.t.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const importFile = (site: number) =>
    runCli(['import', '--url', base, '--api-key', fresh.key.key, '--site', String(site), '--format', 'loupe', '--file', exportFile, '--batch-size', '100'], { DATA_DIR: fresh.t.dataDir });

  it('the export holds every seeded event and bot event, sessions crossing midnight UTC among them', () => {
    expect(lines.length).toBe(EVENT_COUNT + BOTS.length);
    expect(lines.filter((line) => line.startsWith('{"table":"bot_events"'))).toHaveLength(BOTS.length);
    expect(sessionIds).toHaveLength(SESSIONS.length);
    const crossing = SESSIONS.filter((rows) => rows.length > 1 && rows[0]?.at.slice(0, 10) !== rows.at(-1)?.at.slice(0, 10));
    expect(crossing.length).toBeGreaterThan(3);
    // Every report answered, and the data set reaches each kind of report.
    expect(Object.entries(original).filter(([, answer]) => !answer.startsWith('200 '))).toEqual([]);
    const needles = ['"signup"', 'TypeError: x is undefined', `"${USERS[0]}"`, '"Tokyo"', '"spring"', '"docs.example.com"', '"https://github.com/"', '"Pricing"', '"Samsung Internet"'];
    expect(needles.filter((needle) => !Object.values(original).some((answer) => answer.includes(needle)))).toEqual([]);
  });

  it('gives identical reports; a second import adds nothing; deleting the import empties the site again', async () => {
    const site = await siteWithGoals(fresh, 'www.example.com');
    const empty = await reports(fresh, site, []);

    const run = await importFile(site);
    expect([run.code, run.stderr.split('\n').at(-2)]).toEqual([0, expect.stringContaining('100%')]);
    const summary = JSON.parse(run.stdout) as { importId: string };
    expect(summary).toMatchObject({ platform: 'loupe', rowsRead: lines.length, imported: EVENT_COUNT, skipped: { total: BOTS.length, reasons: { bot_event: BOTS.length } } });
    const translate = sessionIdTranslator(summary.importId, sessionIds);
    const copied = await reports(fresh, site, sessionIds.slice(0, 12).map((id) => derivedUInt64([summary.importId, id])), translate);
    expect(copied).toEqual(original);

    // The copy's own export is the original's, line for line, but for the site and the session ids (bots stay out)
    // and the import id the copy's rows carry ('' on tracked events).
    const reExported = await call(fresh.t.app, fresh.key, { method: 'GET', url: `/api/sites/${site}/export?format=ndjson&bots=true` });
    const humanLines = lines.filter((line) => line.startsWith('{"table":"events"'));
    const withoutSite = (line: string) => line.replace(/^\{"table":"events","site_id":\d+,/, '{');
    const copyLines = nonEmptyLines(translate(reExported.body)).map(withoutSite);
    // The import id is followed by the revenue and engagement columns (migration 0016).
    const importId = `,"import_id":"${summary.importId}","revenue_amount":`;
    expect(copyLines.every((line) => line.includes(importId))).toBe(true);
    expect(copyLines.map((line) => line.replace(importId, ',"import_id":"","revenue_amount":'))).toEqual(humanLines.map(withoutSite));

    const again = await importFile(site);
    expect(JSON.parse(again.stdout)).toMatchObject({ imported: 0, skipped: { total: lines.length, reasons: { already_imported: EVENT_COUNT, bot_event: BOTS.length } } });
    expect(await reports(fresh, site, sessionIds.slice(0, 12).map((id) => derivedUInt64([summary.importId, id])), translate)).toEqual(original);

    const imports = (await call(fresh.t.app, fresh.key, { method: 'GET', url: `/api/sites/${site}/imports` })).json() as { data: Array<{ importId: string }> };
    for (const { importId } of imports.data) {
      expect((await call(fresh.t.app, fresh.key, { method: 'DELETE', url: `/api/sites/${site}/imports/${importId}` })).statusCode).toBe(200);
    }
    expect(await reports(fresh, site, [])).toEqual(empty);
  }, 240_000);

  it('on a site with its own events, through the imports API: twice changes nothing, deleting restores the values before', async () => {
    const site = await siteWithGoals(fresh, 'www.example.com');
    await seedEvents(fresh.t, site, roundTripSessions(7).slice(0, 20).flat());
    const before = await reports(fresh, site, []);

    const first = await importOverHttp(fresh.t.app, fresh.key, site, 'loupe', exportFile, 150);
    expect(first.total).toEqual({ importedEvents: EVENT_COUNT, skippedEvents: BOTS.length, skipped: { bot_event: BOTS.length } });
    const withImport = await reports(fresh, site, []);
    expect(withImport['overview?' + UTC_RANGE]).not.toEqual(before['overview?' + UTC_RANGE]);

    const second = await importOverHttp(fresh.t.app, fresh.key, site, 'loupe', exportFile, 150);
    expect(second.total).toEqual({ importedEvents: 0, skippedEvents: lines.length, skipped: { already_imported: EVENT_COUNT, bot_event: BOTS.length } });
    expect(await reports(fresh, site, [])).toEqual(withImport);

    expect((await call(fresh.t.app, fresh.key, { method: 'DELETE', url: `/api/sites/${site}/imports/${second.importId}` })).statusCode).toBe(200);
    expect(await reports(fresh, site, [])).toEqual(withImport);
    expect((await call(fresh.t.app, fresh.key, { method: 'DELETE', url: `/api/sites/${site}/imports/${first.importId}` })).statusCode).toBe(200);
    expect(await reports(fresh, site, [])).toEqual(before);
  }, 240_000);
});
