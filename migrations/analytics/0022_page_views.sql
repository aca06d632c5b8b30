-- Page views per session: one row per path, one per (title, path) and two for the session as a whole, once
-- merged (decision 0041). `/metric?parameter=pathname` and `/page-titles` ranked pages from the `sessions`
-- table's maps (`pages`, `titled_pages`): reading and unnesting their strings cost about 250 and 550 ms on the
-- 10 M-event set whatever the filter. Here a page is a LowCardinality key, so a report groups by one
-- dictionary-encoded column, and the session rows give its bounces without a second pass over the pages.
--
-- `kind` says what a row counts:
--   'path'           one per session and path: `page` is the path, `views` its pageviews in the session;
--   'title'          one per session and (title, path): `page` is the pair written as the path's length in
--                    bytes, ':', the path and the title (so it splits back exactly), `views` its pageviews;
--   'session_path'   one per session: `views` its pageviews, `min_page` the smallest path it viewed (its only
--                    one when `views` is 1: a bounce);
--   'session_title'  the same, `min_page` the smallest pair.
-- `page` is '' on session rows. The sorting key starts with the kind, so a report reads only its kinds' rows,
-- then follows the `sessions` table's (session start, session): a report takes the sessions wholly inside its
-- range from here and the others from their events (`sessionSplit` in src/stats/session-rows.query.ts).
-- `last_at` is the row's last pageview (the data retention sweep deletes rows that ended before its cutoff);
-- the visitor attributes are the `sessions` table's (migration 0009), named as in `events` so a filter's SQL
-- reads the same here.
CREATE TABLE IF NOT EXISTS page_views
(
    site_id UInt32,
    kind Enum8('path' = 1, 'title' = 2, 'session_path' = 3, 'session_title' = 4),
    session_start DateTime64(3, 'UTC'),
    session_id UInt64,
    page LowCardinality(String),
    views SimpleAggregateFunction(sum, UInt64),
    min_page SimpleAggregateFunction(min, LowCardinality(String)),
    last_at SimpleAggregateFunction(max, DateTime64(3, 'UTC')),
    country SimpleAggregateFunction(max, LowCardinality(String)),
    region SimpleAggregateFunction(max, LowCardinality(String)),
    city SimpleAggregateFunction(max, LowCardinality(String)),
    browser SimpleAggregateFunction(max, LowCardinality(String)),
    browser_version SimpleAggregateFunction(max, LowCardinality(String)),
    operating_system SimpleAggregateFunction(max, LowCardinality(String)),
    operating_system_version SimpleAggregateFunction(max, LowCardinality(String)),
    device_type SimpleAggregateFunction(max, LowCardinality(String)),
    language SimpleAggregateFunction(max, LowCardinality(String))
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(session_start)
ORDER BY (site_id, kind, session_start, session_id, page)
SETTINGS non_replicated_deduplication_window = 10000;

-- One view per kind, each reading only `events` (a view of the cluster's reads one named table). Qualified
-- column names inside: unqualified ones would mean the aggregates of the same names.
CREATE MATERIALIZED VIEW IF NOT EXISTS page_views_by_path TO page_views AS
SELECT
    site_id,
    'path' AS kind,
    session_start,
    session_id,
    events.pathname AS page,
    count() AS views,
    min(events.pathname) AS min_page,
    max(timestamp) AS last_at,
    max(events.country) AS country,
    max(events.region) AS region,
    max(events.city) AS city,
    max(events.browser) AS browser,
    max(events.browser_version) AS browser_version,
    max(events.operating_system) AS operating_system,
    max(events.operating_system_version) AS operating_system_version,
    max(events.device_type) AS device_type,
    max(events.language) AS language
FROM events
WHERE type = 'pageview'
GROUP BY site_id, session_start, session_id, page;

CREATE MATERIALIZED VIEW IF NOT EXISTS page_views_by_title TO page_views AS
SELECT
    site_id,
    'title' AS kind,
    session_start,
    session_id,
    concat(toString(length(events.pathname)), ':', events.pathname, events.page_title) AS page,
    count() AS views,
    min(concat(toString(length(events.pathname)), ':', events.pathname, events.page_title)) AS min_page,
    max(timestamp) AS last_at,
    max(events.country) AS country,
    max(events.region) AS region,
    max(events.city) AS city,
    max(events.browser) AS browser,
    max(events.browser_version) AS browser_version,
    max(events.operating_system) AS operating_system,
    max(events.operating_system_version) AS operating_system_version,
    max(events.device_type) AS device_type,
    max(events.language) AS language
FROM events
WHERE type = 'pageview'
GROUP BY site_id, session_start, session_id, page;

CREATE MATERIALIZED VIEW IF NOT EXISTS page_views_by_session_path TO page_views AS
SELECT
    site_id,
    'session_path' AS kind,
    session_start,
    session_id,
    '' AS page,
    count() AS views,
    min(events.pathname) AS min_page,
    max(timestamp) AS last_at,
    max(events.country) AS country,
    max(events.region) AS region,
    max(events.city) AS city,
    max(events.browser) AS browser,
    max(events.browser_version) AS browser_version,
    max(events.operating_system) AS operating_system,
    max(events.operating_system_version) AS operating_system_version,
    max(events.device_type) AS device_type,
    max(events.language) AS language
FROM events
WHERE type = 'pageview'
GROUP BY site_id, session_start, session_id, page;

CREATE MATERIALIZED VIEW IF NOT EXISTS page_views_by_session_title TO page_views AS
SELECT
    site_id,
    'session_title' AS kind,
    session_start,
    session_id,
    '' AS page,
    count() AS views,
    min(concat(toString(length(events.pathname)), ':', events.pathname, events.page_title)) AS min_page,
    max(timestamp) AS last_at,
    max(events.country) AS country,
    max(events.region) AS region,
    max(events.city) AS city,
    max(events.browser) AS browser,
    max(events.browser_version) AS browser_version,
    max(events.operating_system) AS operating_system,
    max(events.operating_system_version) AS operating_system_version,
    max(events.device_type) AS device_type,
    max(events.language) AS language
FROM events
WHERE type = 'pageview'
GROUP BY site_id, session_start, session_id, page;

-- Pages viewed before this migration, from the pageviews in `events` (ordered by type, so only their granules
-- are read), each pageview once per kind. One row per pageview and kind, without grouping: the table merges
-- them as it merges those of separate inserts, and an INSERT ... SELECT without GROUP BY streams, so its memory
-- does not grow with the store (decision 0037); one thread and small blocks keep it, and the merges it starts,
-- inside the embedded engine's 512 MB (larger blocks exceeded it on the 10 M-event set). Sixteen slices by
-- session: a rerun after an interruption skips the slices already stored. Like the other backfills, it assumes
-- nothing is ingested while migrations run.
INSERT INTO page_views
SELECT site_id, kind, session_start, session_id, if(kind IN (1, 2), viewed, '') AS page, toUInt64(1), if(kind IN (1, 3), pathname, concat(toString(length(pathname)), ':', pathname, page_title)) AS viewed, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM events
ARRAY JOIN [1, 2, 3, 4] AS kind
WHERE type = 'pageview' AND cityHash64(site_id, session_id) % 16 = 0
    AND (SELECT count() FROM page_views WHERE cityHash64(site_id, session_id) % 16 = 0) = 0
SETTINGS max_threads = 1, max_block_size = 65536, min_insert_block_size_rows = 262144;
INSERT INTO page_views
SELECT site_id, kind, session_start, session_id, if(kind IN (1, 2), viewed, '') AS page, toUInt64(1), if(kind IN (1, 3), pathname, concat(toString(length(pathname)), ':', pathname, page_title)) AS viewed, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM events
ARRAY JOIN [1, 2, 3, 4] AS kind
WHERE type = 'pageview' AND cityHash64(site_id, session_id) % 16 = 1
    AND (SELECT count() FROM page_views WHERE cityHash64(site_id, session_id) % 16 = 1) = 0
SETTINGS max_threads = 1, max_block_size = 65536, min_insert_block_size_rows = 262144;
INSERT INTO page_views
SELECT site_id, kind, session_start, session_id, if(kind IN (1, 2), viewed, '') AS page, toUInt64(1), if(kind IN (1, 3), pathname, concat(toString(length(pathname)), ':', pathname, page_title)) AS viewed, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM events
ARRAY JOIN [1, 2, 3, 4] AS kind
WHERE type = 'pageview' AND cityHash64(site_id, session_id) % 16 = 2
    AND (SELECT count() FROM page_views WHERE cityHash64(site_id, session_id) % 16 = 2) = 0
SETTINGS max_threads = 1, max_block_size = 65536, min_insert_block_size_rows = 262144;
INSERT INTO page_views
SELECT site_id, kind, session_start, session_id, if(kind IN (1, 2), viewed, '') AS page, toUInt64(1), if(kind IN (1, 3), pathname, concat(toString(length(pathname)), ':', pathname, page_title)) AS viewed, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM events
ARRAY JOIN [1, 2, 3, 4] AS kind
WHERE type = 'pageview' AND cityHash64(site_id, session_id) % 16 = 3
    AND (SELECT count() FROM page_views WHERE cityHash64(site_id, session_id) % 16 = 3) = 0
SETTINGS max_threads = 1, max_block_size = 65536, min_insert_block_size_rows = 262144;
INSERT INTO page_views
SELECT site_id, kind, session_start, session_id, if(kind IN (1, 2), viewed, '') AS page, toUInt64(1), if(kind IN (1, 3), pathname, concat(toString(length(pathname)), ':', pathname, page_title)) AS viewed, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM events
ARRAY JOIN [1, 2, 3, 4] AS kind
WHERE type = 'pageview' AND cityHash64(site_id, session_id) % 16 = 4
    AND (SELECT count() FROM page_views WHERE cityHash64(site_id, session_id) % 16 = 4) = 0
SETTINGS max_threads = 1, max_block_size = 65536, min_insert_block_size_rows = 262144;
INSERT INTO page_views
SELECT site_id, kind, session_start, session_id, if(kind IN (1, 2), viewed, '') AS page, toUInt64(1), if(kind IN (1, 3), pathname, concat(toString(length(pathname)), ':', pathname, page_title)) AS viewed, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM events
ARRAY JOIN [1, 2, 3, 4] AS kind
WHERE type = 'pageview' AND cityHash64(site_id, session_id) % 16 = 5
    AND (SELECT count() FROM page_views WHERE cityHash64(site_id, session_id) % 16 = 5) = 0
SETTINGS max_threads = 1, max_block_size = 65536, min_insert_block_size_rows = 262144;
INSERT INTO page_views
SELECT site_id, kind, session_start, session_id, if(kind IN (1, 2), viewed, '') AS page, toUInt64(1), if(kind IN (1, 3), pathname, concat(toString(length(pathname)), ':', pathname, page_title)) AS viewed, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM events
ARRAY JOIN [1, 2, 3, 4] AS kind
WHERE type = 'pageview' AND cityHash64(site_id, session_id) % 16 = 6
    AND (SELECT count() FROM page_views WHERE cityHash64(site_id, session_id) % 16 = 6) = 0
SETTINGS max_threads = 1, max_block_size = 65536, min_insert_block_size_rows = 262144;
INSERT INTO page_views
SELECT site_id, kind, session_start, session_id, if(kind IN (1, 2), viewed, '') AS page, toUInt64(1), if(kind IN (1, 3), pathname, concat(toString(length(pathname)), ':', pathname, page_title)) AS viewed, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM events
ARRAY JOIN [1, 2, 3, 4] AS kind
WHERE type = 'pageview' AND cityHash64(site_id, session_id) % 16 = 7
    AND (SELECT count() FROM page_views WHERE cityHash64(site_id, session_id) % 16 = 7) = 0
SETTINGS max_threads = 1, max_block_size = 65536, min_insert_block_size_rows = 262144;
INSERT INTO page_views
SELECT site_id, kind, session_start, session_id, if(kind IN (1, 2), viewed, '') AS page, toUInt64(1), if(kind IN (1, 3), pathname, concat(toString(length(pathname)), ':', pathname, page_title)) AS viewed, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM events
ARRAY JOIN [1, 2, 3, 4] AS kind
WHERE type = 'pageview' AND cityHash64(site_id, session_id) % 16 = 8
    AND (SELECT count() FROM page_views WHERE cityHash64(site_id, session_id) % 16 = 8) = 0
SETTINGS max_threads = 1, max_block_size = 65536, min_insert_block_size_rows = 262144;
INSERT INTO page_views
SELECT site_id, kind, session_start, session_id, if(kind IN (1, 2), viewed, '') AS page, toUInt64(1), if(kind IN (1, 3), pathname, concat(toString(length(pathname)), ':', pathname, page_title)) AS viewed, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM events
ARRAY JOIN [1, 2, 3, 4] AS kind
WHERE type = 'pageview' AND cityHash64(site_id, session_id) % 16 = 9
    AND (SELECT count() FROM page_views WHERE cityHash64(site_id, session_id) % 16 = 9) = 0
SETTINGS max_threads = 1, max_block_size = 65536, min_insert_block_size_rows = 262144;
INSERT INTO page_views
SELECT site_id, kind, session_start, session_id, if(kind IN (1, 2), viewed, '') AS page, toUInt64(1), if(kind IN (1, 3), pathname, concat(toString(length(pathname)), ':', pathname, page_title)) AS viewed, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM events
ARRAY JOIN [1, 2, 3, 4] AS kind
WHERE type = 'pageview' AND cityHash64(site_id, session_id) % 16 = 10
    AND (SELECT count() FROM page_views WHERE cityHash64(site_id, session_id) % 16 = 10) = 0
SETTINGS max_threads = 1, max_block_size = 65536, min_insert_block_size_rows = 262144;
INSERT INTO page_views
SELECT site_id, kind, session_start, session_id, if(kind IN (1, 2), viewed, '') AS page, toUInt64(1), if(kind IN (1, 3), pathname, concat(toString(length(pathname)), ':', pathname, page_title)) AS viewed, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM events
ARRAY JOIN [1, 2, 3, 4] AS kind
WHERE type = 'pageview' AND cityHash64(site_id, session_id) % 16 = 11
    AND (SELECT count() FROM page_views WHERE cityHash64(site_id, session_id) % 16 = 11) = 0
SETTINGS max_threads = 1, max_block_size = 65536, min_insert_block_size_rows = 262144;
INSERT INTO page_views
SELECT site_id, kind, session_start, session_id, if(kind IN (1, 2), viewed, '') AS page, toUInt64(1), if(kind IN (1, 3), pathname, concat(toString(length(pathname)), ':', pathname, page_title)) AS viewed, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM events
ARRAY JOIN [1, 2, 3, 4] AS kind
WHERE type = 'pageview' AND cityHash64(site_id, session_id) % 16 = 12
    AND (SELECT count() FROM page_views WHERE cityHash64(site_id, session_id) % 16 = 12) = 0
SETTINGS max_threads = 1, max_block_size = 65536, min_insert_block_size_rows = 262144;
INSERT INTO page_views
SELECT site_id, kind, session_start, session_id, if(kind IN (1, 2), viewed, '') AS page, toUInt64(1), if(kind IN (1, 3), pathname, concat(toString(length(pathname)), ':', pathname, page_title)) AS viewed, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM events
ARRAY JOIN [1, 2, 3, 4] AS kind
WHERE type = 'pageview' AND cityHash64(site_id, session_id) % 16 = 13
    AND (SELECT count() FROM page_views WHERE cityHash64(site_id, session_id) % 16 = 13) = 0
SETTINGS max_threads = 1, max_block_size = 65536, min_insert_block_size_rows = 262144;
INSERT INTO page_views
SELECT site_id, kind, session_start, session_id, if(kind IN (1, 2), viewed, '') AS page, toUInt64(1), if(kind IN (1, 3), pathname, concat(toString(length(pathname)), ':', pathname, page_title)) AS viewed, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM events
ARRAY JOIN [1, 2, 3, 4] AS kind
WHERE type = 'pageview' AND cityHash64(site_id, session_id) % 16 = 14
    AND (SELECT count() FROM page_views WHERE cityHash64(site_id, session_id) % 16 = 14) = 0
SETTINGS max_threads = 1, max_block_size = 65536, min_insert_block_size_rows = 262144;
INSERT INTO page_views
SELECT site_id, kind, session_start, session_id, if(kind IN (1, 2), viewed, '') AS page, toUInt64(1), if(kind IN (1, 3), pathname, concat(toString(length(pathname)), ':', pathname, page_title)) AS viewed, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM events
ARRAY JOIN [1, 2, 3, 4] AS kind
WHERE type = 'pageview' AND cityHash64(site_id, session_id) % 16 = 15
    AND (SELECT count() FROM page_views WHERE cityHash64(site_id, session_id) % 16 = 15) = 0
SETTINGS max_threads = 1, max_block_size = 65536, min_insert_block_size_rows = 262144;

-- Reports read the table with FINAL, which costs more while a row has several parts: merge the backfill once.
OPTIMIZE TABLE page_views FINAL;
