-- Page visits kept per session (issue 37's engagement reports on 10 M events took 2 s: they grouped every
-- engagement event by session and path). A page visit is a session's engagement events on one path: its engaged
-- time their sum, its scroll depth their maximum (decision 0019). The `sessions` row now keeps them per path:
-- `engaged_pages` maps each path with engagement events to [their number, their engaged ms] (the number is
-- never 0, so no path drops out of the map), `deepest_pages` maps the same paths to their deepest scroll. Both
-- merge as the other session columns do, so a report over whole sessions reads a row per session and unfolds
-- its few paths, and sessions crossing a range's edge are computed from their events as before
-- (stats/session-rows.ts). Rows stored before this migration read empty maps until the backfill below.
ALTER TABLE sessions
    ADD COLUMN IF NOT EXISTS engaged_pages SimpleAggregateFunction(sumMap, Tuple(Array(String), Array(UInt64), Array(UInt64))),
    ADD COLUMN IF NOT EXISTS deepest_pages SimpleAggregateFunction(maxMap, Tuple(Array(String), Array(UInt8)));

-- The view of migration 0016 plus the two maps (unqualified names inside it would mean the aggregates).
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
    min(concat(toString(timestamp), events.country)) AS first_country,
    min(concat(toString(timestamp), events.browser)) AS first_browser,
    min(concat(toString(timestamp), events.operating_system)) AS first_operating_system,
    min(concat(toString(timestamp), events.device_type)) AS first_device_type,
    min(if(type = 'pageview', concat(toString(timestamp), pathname), '~')) AS entry_page,
    max(if(type = 'pageview', concat(toString(timestamp), pathname), '')) AS exit_page,
    sumMapIf(([pathname], [toUInt64(1)]), type = 'pageview') AS pages,
    sumMapIf(([(page_title, pathname)], [toUInt64(1)]), type = 'pageview') AS titled_pages,
    groupArrayIf((timestamp, toString(pathname)), type = 'pageview') AS journey,
    max(events.country) AS country,
    max(events.region) AS region,
    max(events.city) AS city,
    max(events.browser) AS browser,
    max(events.browser_version) AS browser_version,
    max(events.operating_system) AS operating_system,
    max(events.operating_system_version) AS operating_system_version,
    max(events.device_type) AS device_type,
    max(events.language) AS language,
    min(cityHash64(events.country, events.region, events.city, events.browser, events.browser_version, events.operating_system, events.operating_system_version, events.device_type, events.language)) AS attributes_low,
    max(cityHash64(events.country, events.region, events.city, events.browser, events.browser_version, events.operating_system, events.operating_system_version, events.device_type, events.language)) AS attributes_high,
    toUInt8(max(events.attributes_changed) = 1 OR min(cityHash64(events.country, events.region, events.city, events.browser, events.browser_version, events.operating_system, events.operating_system_version, events.device_type, events.language)) != max(cityHash64(events.country, events.region, events.city, events.browser, events.browser_version, events.operating_system, events.operating_system_version, events.device_type, events.language))) AS attributes_changed,
    min(concat(toString(timestamp), events.hostname)) AS first_hostname,
    sumMapIf(([toString(events.event_name)], [toUInt64(1)]), type = 'custom_event') AS event_names,
    max(events.import_id) AS import_id,
    sumIf(toUInt64(events.engaged_ms), type = 'engagement') AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
GROUP BY site_id, session_start, session_id;

-- Sessions stored before this migration get the maps from a second row with the same key (keyed as migration
-- 0012 keyed its backfill). Every other column of that row holds the neutral value of its merge function, except
-- the first and last event times, those of the session's engagement events (inside the session's own span, so
-- `min` and `max` keep the session's); so merging changes nothing else. Only engagement events are grouped (and
-- every event of a session from before 0004, whose row is keyed by its first event). A rerun after an
-- interruption would count engagement twice: only sessions whose merged map is still empty get the row.
--
-- One statement over every session needs more than the embedded store's default 512 MB on 10 M events (measured:
-- so did one over a sixteenth of them, on several threads). So the backfill runs in 32 statements on one thread,
-- each on the sessions whose id hashes to remainder k of 32; a session's rows all fall in one of them, so each
-- statement's "still empty" check holds. On 10 M events the 32 take about a minute on 2 cores (decision 0032).
INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 0 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 0 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 0 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 1 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 1 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 1 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 2 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 2 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 2 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 3 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 3 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 3 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 4 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 4 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 4 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 5 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 5 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 5 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 6 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 6 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 6 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 7 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 7 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 7 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 8 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 8 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 8 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 9 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 9 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 9 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 10 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 10 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 10 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 11 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 11 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 11 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 12 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 12 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 12 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 13 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 13 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 13 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 14 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 14 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 14 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 15 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 15 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 15 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 16 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 16 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 16 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 17 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 17 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 17 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 18 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 18 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 18 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 19 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 19 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 19 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 20 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 20 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 20 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 21 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 21 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 21 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 22 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 22 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 22 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 23 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 23 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 23 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 24 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 24 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 24 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 25 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 25 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 25 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 26 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 26 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 26 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 27 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 27 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 27 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 28 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 28 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 28 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 29 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 29 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 29 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 30 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 30 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 30 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;

INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    toUInt64(18446744073709551615) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
    '~' AS first_referrer,
    '~' AS first_channel,
    '~' AS first_informative_channel,
    '~' AS first_utm_source,
    '~' AS first_utm_medium,
    '~' AS first_utm_campaign,
    '~' AS first_country,
    '~' AS first_browser,
    '~' AS first_operating_system,
    '~' AS first_device_type,
    '~' AS entry_page,
    '' AS exit_page,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
    '' AS country,
    '' AS region,
    '' AS city,
    '' AS browser,
    '' AS browser_version,
    '' AS operating_system,
    '' AS operating_system_version,
    '' AS device_type,
    '' AS language,
    toUInt64(18446744073709551615) AS attributes_low,
    toUInt64(0) AS attributes_high,
    toUInt8(0) AS attributes_changed,
    '~' AS first_hostname,
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS event_names,
    '' AS import_id,
    toUInt64(0) AS engaged_ms,
    sumMapIf(([toString(events.pathname)], [toUInt64(1)], [toUInt64(events.engaged_ms)]), type = 'engagement') AS engaged_pages,
    maxMapIf(([toString(events.pathname)], [events.scroll_depth]), type = 'engagement') AS deepest_pages
FROM events
WHERE cityHash64(session_id) % 32 = 31 AND (type = 'engagement' OR session_start = toDateTime64(0, 3, 'UTC'))
GROUP BY site_id, session_start, session_id
HAVING length(tupleElement(engaged_pages, 1)) > 0
    AND (session_start != toDateTime64(0, 3, 'UTC')
        OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 31 AND session_start != toDateTime64(0, 3, 'UTC')))
    AND (site_id, row_start, session_id) NOT IN (SELECT site_id, session_start, session_id FROM sessions WHERE cityHash64(session_id) % 32 = 31 AND length(tupleElement(engaged_pages, 1)) > 0)
SETTINGS max_threads = 1;
