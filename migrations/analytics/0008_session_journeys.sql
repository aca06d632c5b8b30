-- Journeys (the first pages of each session, in order) grouped every pageview of a range by session, which
-- costs seconds on millions of events. `sessions.journey` keeps each session's pageviews as (time, path)
-- pairs, so the report reads one array per session instead. The pairs of a session's rows are concatenated
-- when rows merge; readers sort them by time (then path).
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS journey SimpleAggregateFunction(groupArrayArray, Array(Tuple(DateTime64(3, 'UTC'), String)));

-- The view gains the column: it is dropped and created again with the query of migration 0004 plus
-- `journey`. Migrations run before the server takes events, so no insert falls between the two statements.
DROP VIEW IF EXISTS sessions_from_events;

CREATE MATERIALIZED VIEW IF NOT EXISTS sessions_from_events TO sessions AS
SELECT
    site_id,
    session_start,
    session_id,
    min(sipHash64(user_id)) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    countIf(type = 'pageview') AS pageviews,
    min(concat(toString(timestamp), domainWithoutWWW(referrer))) AS first_referrer,
    min(concat(toString(timestamp), channel)) AS first_channel,
    min(if(channel IN ('Direct', 'Internal'), '~', concat(toString(timestamp), channel))) AS first_informative_channel,
    min(concat(toString(timestamp), utm_source)) AS first_utm_source,
    min(concat(toString(timestamp), utm_medium)) AS first_utm_medium,
    min(concat(toString(timestamp), utm_campaign)) AS first_utm_campaign,
    min(concat(toString(timestamp), country)) AS first_country,
    min(concat(toString(timestamp), browser)) AS first_browser,
    min(concat(toString(timestamp), operating_system)) AS first_operating_system,
    min(concat(toString(timestamp), device_type)) AS first_device_type,
    min(if(type = 'pageview', concat(toString(timestamp), pathname), '~')) AS entry_page,
    max(if(type = 'pageview', concat(toString(timestamp), pathname), '')) AS exit_page,
    sumMapIf(([pathname], [toUInt64(1)]), type = 'pageview') AS pages,
    sumMapIf(([(page_title, pathname)], [toUInt64(1)]), type = 'pageview') AS titled_pages,
    groupArrayIf((timestamp, toString(pathname)), type = 'pageview') AS journey
FROM events
GROUP BY site_id, session_start, session_id;

-- Sessions stored before this migration get their journey from a second row with the same key: its
-- min / max columns are computed as the view computes them, so merging leaves them as they are, and its
-- sums are zero. Rows are keyed as their sessions' rows were: by `session_start` for events that carry it
-- (as the view does), by the first event's time for events from before migration 0004 (as its backfill
-- did, and only where that row exists). A rerun after an interruption repeats pairs a journey already
-- holds; a repeated pair sorts next to itself and counts once, as a page repeated in a row does.
INSERT INTO sessions
SELECT
    site_id,
    session_start,
    session_id,
    min(sipHash64(user_id)) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    min(concat(toString(timestamp), domainWithoutWWW(referrer))) AS first_referrer,
    min(concat(toString(timestamp), channel)) AS first_channel,
    min(if(channel IN ('Direct', 'Internal'), '~', concat(toString(timestamp), channel))) AS first_informative_channel,
    min(concat(toString(timestamp), utm_source)) AS first_utm_source,
    min(concat(toString(timestamp), utm_medium)) AS first_utm_medium,
    min(concat(toString(timestamp), utm_campaign)) AS first_utm_campaign,
    min(concat(toString(timestamp), country)) AS first_country,
    min(concat(toString(timestamp), browser)) AS first_browser,
    min(concat(toString(timestamp), operating_system)) AS first_operating_system,
    min(concat(toString(timestamp), device_type)) AS first_device_type,
    min(if(type = 'pageview', concat(toString(timestamp), pathname), '~')) AS entry_page,
    max(if(type = 'pageview', concat(toString(timestamp), pathname), '')) AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    groupArrayIf((timestamp, toString(pathname)), type = 'pageview') AS journey
FROM events
WHERE session_start != toDateTime64(0, 3, 'UTC')
GROUP BY site_id, session_start, session_id
HAVING countIf(type = 'pageview') > 0;

INSERT INTO sessions
SELECT
    site_id,
    min(timestamp) AS session_start,
    session_id,
    min(sipHash64(user_id)) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    min(concat(toString(timestamp), domainWithoutWWW(referrer))) AS first_referrer,
    min(concat(toString(timestamp), channel)) AS first_channel,
    min(if(channel IN ('Direct', 'Internal'), '~', concat(toString(timestamp), channel))) AS first_informative_channel,
    min(concat(toString(timestamp), utm_source)) AS first_utm_source,
    min(concat(toString(timestamp), utm_medium)) AS first_utm_medium,
    min(concat(toString(timestamp), utm_campaign)) AS first_utm_campaign,
    min(concat(toString(timestamp), country)) AS first_country,
    min(concat(toString(timestamp), browser)) AS first_browser,
    min(concat(toString(timestamp), operating_system)) AS first_operating_system,
    min(concat(toString(timestamp), device_type)) AS first_device_type,
    min(if(type = 'pageview', concat(toString(timestamp), pathname), '~')) AS entry_page,
    max(if(type = 'pageview', concat(toString(timestamp), pathname), '')) AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    groupArrayIf((timestamp, toString(pathname)), type = 'pageview') AS journey
FROM (SELECT * EXCEPT (session_start) FROM events WHERE session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_id
HAVING countIf(type = 'pageview') > 0
   AND (site_id, session_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE session_start != toDateTime64(0, 3, 'UTC'));

-- As after migration 0004: reports read the table with FINAL, cheapest when a range's rows sit in one part.
OPTIMIZE TABLE sessions FINAL;
