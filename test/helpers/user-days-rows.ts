// The `user_days` table (analytics migration 0030) of one site, merged, next to the same figures grouped from its events.
import type { LoupeApp } from '../../src/app.js';
import { rows } from './analytics-rows.js';

/** One person's day as text: `day person first last pageviews custom_events` (the person as their key, not its hash). */
const DAY_ROW = `concat(toString(day), ' ', person, ' ', toString(first), ' ', toString(last), ' ', toString(pv), ' ', toString(ce)) AS row`;

const PERSON = "if(identified_user_id = '', user_id, identified_user_id)";

/** The table's rows of the site, a person's rows of a day added up, people named by their key (read from the events). */
export async function userDaysOf(t: Pick<LoupeApp, 'services'>, siteId: number): Promise<string[]> {
  const found = await rows<{ row: string }>(
    t,
    `SELECT ${DAY_ROW} FROM (
       SELECT day, user_key_hash, min(first_at) AS first, max(last_at) AS last, sum(pageviews) AS pv, sum(custom_events) AS ce
       FROM user_days WHERE site_id = {site:UInt32} GROUP BY day, user_key_hash
     ) AS days
     LEFT JOIN (SELECT DISTINCT user_key_hash, ${PERSON} AS person FROM events WHERE site_id = {site:UInt32}) AS people USING (user_key_hash)
     ORDER BY row`,
    { site: siteId },
  );
  return found.map((row) => row.row);
}

/** The same rows computed from the site's events. */
export async function userDaysFromEvents(t: Pick<LoupeApp, 'services'>, siteId: number): Promise<string[]> {
  const found = await rows<{ row: string }>(
    t,
    `SELECT ${DAY_ROW} FROM (
       SELECT toDate(timestamp) AS day, ${PERSON} AS person, min(timestamp) AS first, max(timestamp) AS last,
         countIf(type = 'pageview') AS pv, countIf(type = 'custom_event') AS ce
       FROM events WHERE site_id = {site:UInt32} GROUP BY day, person
     ) ORDER BY row`,
    { site: siteId },
  );
  return found.map((row) => row.row);
}
