// GET /events/count (events per type per bucket) and /events/autocapture[-values]?type= (autocaptured interactions by value).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const RANGE = 'start_date=2026-03-10&end_date=2026-03-11&time_zone=UTC';
const ZERO = {
  pageview_count: 0, custom_event_count: 0, performance_count: 0, outbound_count: 0, error_count: 0, button_click_count: 0,
  copy_count: 0, form_submit_count: 0, input_change_count: 0, ad_click_count: 0, event_count: 0,
};

describe('events per type and autocaptured events', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'autocapture@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'autocapture-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'autocapture.example.com' })).siteId;
    await seedEvents(t, siteId, [
      { at: '2026-03-10T10:00:00Z', session_id: 1, pathname: '/', country: 'DE' },
      { at: '2026-03-10T10:01:00Z', session_id: 1, type: 'button_click', props: '{"text":"Buy"}', country: 'DE' },
      { at: '2026-03-10T10:02:00Z', session_id: 1, type: 'button_click', props: '{"text":"Buy"}', country: 'DE' },
      { at: '2026-03-10T10:03:00Z', session_id: 1, type: 'button_click', props: '{"text":""}', country: 'DE' },
      { at: '2026-03-10T10:04:00Z', session_id: 1, type: 'copy', props: '{"text":"hello","sourceElement":"p"}', country: 'DE' },
      { at: '2026-03-10T10:05:00Z', session_id: 1, type: 'outbound', props: '{"url":"https://github.com/"}', country: 'DE' },
      { at: '2026-03-10T10:06:00Z', session_id: 1, type: 'custom_event', event_name: 'signup', country: 'DE' },
      { at: '2026-03-10T10:07:00Z', session_id: 1, type: 'performance', lcp: 900, country: 'DE' },
      { at: '2026-03-11T09:00:00Z', session_id: 2, pathname: '/contact', country: 'FR' },
      { at: '2026-03-11T09:01:00Z', session_id: 2, type: 'form_submit', props: '{"formName":"","formId":"contact","formAction":"/send"}', country: 'FR' },
      { at: '2026-03-11T09:02:00Z', session_id: 2, type: 'form_submit', props: '{"formName":"newsletter","formId":"nl","formAction":"/send"}', country: 'FR' },
      { at: '2026-03-11T09:03:00Z', session_id: 2, type: 'button_click', props: '{"text":"Send"}', country: 'FR' },
      { at: '2026-03-11T09:04:00Z', session_id: 2, type: 'error', event_name: 'TypeError', props: '{"message":"x"}', country: 'FR' },
      { at: '2026-03-11T09:05:00Z', session_id: 2, type: 'input_change', props: '{"name":"email"}', country: 'FR' },
    ]);
  });
  afterAll(async () => t.close());

  const get = async (path: string) => call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}${path}` });
  const data = async (path: string) => {
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: unknown }).data;
  };

  it('counts events per type per day by default, every day of the range present', async () => {
    expect(await data(`/events/count?${RANGE}`)).toEqual([
      { ...ZERO, time: '2026-03-10 00:00:00', pageview_count: 1, custom_event_count: 1, performance_count: 1, outbound_count: 1, button_click_count: 3, copy_count: 1, event_count: 8 },
      { ...ZERO, time: '2026-03-11 00:00:00', pageview_count: 1, error_count: 1, button_click_count: 1, form_submit_count: 2, input_change_count: 1, event_count: 6 },
    ]);
  });

  it('counts per bucket in the time zone, with the filters applied', async () => {
    const france = encodeURIComponent('[{"parameter":"country","type":"equals","value":["FR"]}]');
    const series = (await data(`/events/count?start_date=2026-03-11&end_date=2026-03-11&time_zone=Europe/Paris&bucket=hour&filters=${france}`)) as Array<{ time: string; event_count: number }>;
    expect(series).toHaveLength(24);
    expect(series.filter((row) => row.event_count > 0)).toEqual([
      { ...ZERO, time: '2026-03-11 10:00:00', pageview_count: 1, error_count: 1, button_click_count: 1, form_submit_count: 2, input_change_count: 1, event_count: 6 },
    ]);
  });

  it('groups autocaptured events by their display value, most frequent first, with the last occurrence', async () => {
    expect(await data(`/events/autocapture?${RANGE}&type=button_click`)).toEqual([
      { value: 'Buy', count: 2, lastOccurred: '2026-03-10 10:02:00' },
      { value: 'Send', count: 1, lastOccurred: '2026-03-11 09:03:00' },
    ]);
    expect(await data(`/events/autocapture?${RANGE}&type=form_submit`)).toEqual([
      { value: 'contact', count: 1, lastOccurred: '2026-03-11 09:01:00' },
      { value: 'newsletter', count: 1, lastOccurred: '2026-03-11 09:02:00' },
    ]);
    expect(await data(`/events/autocapture?${RANGE}&type=copy`)).toEqual([{ value: 'hello', count: 1, lastOccurred: '2026-03-10 10:04:00' }]);
    expect(await data(`/events/autocapture?${RANGE}&type=outbound`)).toEqual([{ value: 'https://github.com/', count: 1, lastOccurred: '2026-03-10 10:05:00' }]);
    const germany = encodeURIComponent('[{"parameter":"country","type":"equals","value":["DE"]}]');
    expect(await data(`/events/autocapture?${RANGE}&type=button_click&filters=${germany}`)).toEqual([{ value: 'Buy', count: 2, lastOccurred: '2026-03-10 10:02:00' }]);
  });

  it('suggests every value a goal pattern of the type is matched against', async () => {
    expect(await data(`/events/autocapture-values?${RANGE}&type=form_submit`)).toEqual([
      { value: '/send', count: 2 },
      { value: 'contact', count: 1 },
      { value: 'newsletter', count: 1 },
      { value: 'nl', count: 1 },
    ]);
    expect(await data(`/events/autocapture-values?${RANGE}&type=copy`)).toEqual([
      { value: 'hello', count: 1 },
      { value: 'p', count: 1 },
    ]);
    expect(await data(`/events/autocapture-values?start_date=2026-03-11&end_date=2026-03-11&type=button_click`)).toEqual([{ value: 'Send', count: 1 }]);
  });

  it.each([
    ['/events/count', 'bucket=fortnight', 'bucket'],
    ['/events/autocapture', '', 'type'],
    ['/events/autocapture', 'type=pageview', 'type'],
    ['/events/autocapture', "type=button_click'", 'type'],
    ['/events/autocapture-values', '', 'type'],
    ['/events/autocapture-values', 'type=input_change', 'type'],
  ])('answers 400 to %s?%s', async (path, qs, field) => {
    const res = await get(`${path}?${RANGE}&${qs}`);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toContain(field);
  });
});
