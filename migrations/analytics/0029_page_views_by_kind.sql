-- Page views partitioned by kind as well as by month (decision 0051). `page_views` (migration 0022) kept its four
-- kinds of rows in the same parts, sorted by (site, kind, session start, ...). A report reads one kind with FINAL,
-- and the engine merges at read time only the part ranges that overlap in the sorting key, judging each range's
-- end by the key of the mark after it: in a part holding every kind, that mark belongs to the next kind, so every
-- part's range of one kind overlapped every other part's, and all of them were merged on every read (350-600 ms of
-- CPU for the paths or titles of 30 days on the 10 M-event set with eight parts; 50-120 ms without FINAL). With one
-- kind per part, parts written at different times are disjoint in the key and only their overlapping stretches are
-- merged. The columns, sorting key, views and meaning of the rows are those of `page_views`; only the table's name
-- and its partition key change (the engine cannot change a partition key in place).
CREATE TABLE IF NOT EXISTS page_views_by_kind
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
PARTITION BY (toYYYYMM(session_start), kind)
ORDER BY (site_id, kind, session_start, session_id, page)
SETTINGS non_replicated_deduplication_window = 10000;

-- The views of migration 0022, now writing to the new table; the old ones are dropped before the copy, so no row
-- goes to both tables.
CREATE MATERIALIZED VIEW IF NOT EXISTS page_views_by_kind_path TO page_views_by_kind AS
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

CREATE MATERIALIZED VIEW IF NOT EXISTS page_views_by_kind_title TO page_views_by_kind AS
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

CREATE MATERIALIZED VIEW IF NOT EXISTS page_views_by_kind_session_path TO page_views_by_kind AS
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

CREATE MATERIALIZED VIEW IF NOT EXISTS page_views_by_kind_session_title TO page_views_by_kind AS
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

DROP VIEW IF EXISTS page_views_by_path;
DROP VIEW IF EXISTS page_views_by_title;
DROP VIEW IF EXISTS page_views_by_session_path;
DROP VIEW IF EXISTS page_views_by_session_title;

-- The rows stored so far, copied kind by kind without grouping (the new table merges them as the old one did),
-- streamed in small blocks on one thread, as migration 0022's backfill was, to stay inside the embedded engine's
-- memory. In the sorting key's order (read in that order from the parts, not sorted in memory), so the copied parts
-- follow one another instead of overlapping. A rerun after an interruption skips the kinds already copied. Like the
-- other backfills, it assumes nothing is ingested while migrations run.
INSERT INTO page_views_by_kind
SELECT * FROM page_views
WHERE kind = 'path' AND (SELECT count() FROM page_views_by_kind WHERE kind = 'path') = 0
ORDER BY site_id, kind, session_start, session_id, page
SETTINGS max_threads = 1, max_block_size = 65536, min_insert_block_size_rows = 262144;
INSERT INTO page_views_by_kind
SELECT * FROM page_views
WHERE kind = 'title' AND (SELECT count() FROM page_views_by_kind WHERE kind = 'title') = 0
ORDER BY site_id, kind, session_start, session_id, page
SETTINGS max_threads = 1, max_block_size = 65536, min_insert_block_size_rows = 262144;
INSERT INTO page_views_by_kind
SELECT * FROM page_views
WHERE kind = 'session_path' AND (SELECT count() FROM page_views_by_kind WHERE kind = 'session_path') = 0
ORDER BY site_id, kind, session_start, session_id, page
SETTINGS max_threads = 1, max_block_size = 65536, min_insert_block_size_rows = 262144;
INSERT INTO page_views_by_kind
SELECT * FROM page_views
WHERE kind = 'session_title' AND (SELECT count() FROM page_views_by_kind WHERE kind = 'session_title') = 0
ORDER BY site_id, kind, session_start, session_id, page
SETTINGS max_threads = 1, max_block_size = 65536, min_insert_block_size_rows = 262144;

-- One part per month and kind for the rows copied: the copy's blocks end wherever their row count does, so a
-- session's rows could straddle two parts, and every read would merge the parts around it.
OPTIMIZE TABLE page_views_by_kind FINAL;

DROP TABLE IF EXISTS page_views;
