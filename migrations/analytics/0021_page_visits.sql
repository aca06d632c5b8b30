-- Page visits: one row per session and path once merged, with its engagement (decisions 0019, 0032, 0037).
-- The engagement reports counted page visits by grouping every engagement event of the range by session and
-- path (3.4 M groups on the 10 M-event set, about 1.8 s per request). `page_visits` keeps each visit as one
-- row of scalar columns, fed from `events` by a materialized view and read with FINAL, which merges rows of
-- a visit written by separate inserts (scalar columns merge cheaply; maps did not, decision 0032).
--
-- The sorting key starts as the `sessions` table's (site, session start, session), so a report takes the
-- same sessions from both: the visits of sessions wholly inside the range from here, those of sessions
-- crossing its edges (or whose events disagree on a visitor attribute) from their events
-- (src/reports/engagement/page-visit-rows.query.ts). `engaged_ms` sums the visit's engagement increments,
-- `scroll_depth` keeps the deepest, `last_at` its last engagement event (the data retention sweep deletes
-- visits that ended before its cutoff). The visitor attributes are the `sessions` table's (migration 0009),
-- named as in `events` so a filter's SQL reads the same here: a report reads them only for sessions whose
-- events all agree on them, where every event holds the same value.
CREATE TABLE IF NOT EXISTS page_visits
(
    site_id UInt32,
    session_start DateTime64(3, 'UTC'),
    session_id UInt64,
    pathname LowCardinality(String),
    engaged_ms SimpleAggregateFunction(sum, UInt64),
    scroll_depth SimpleAggregateFunction(max, UInt8),
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
ORDER BY (site_id, session_start, session_id, pathname)
SETTINGS non_replicated_deduplication_window = 10000;

-- Qualified column names inside: unqualified ones would mean the aggregates of the same names.
CREATE MATERIALIZED VIEW IF NOT EXISTS page_visits_from_events TO page_visits AS
SELECT
    site_id,
    session_start,
    session_id,
    pathname,
    sum(toUInt64(events.engaged_ms)) AS engaged_ms,
    max(events.scroll_depth) AS scroll_depth,
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
WHERE type = 'engagement'
GROUP BY site_id, session_start, session_id, pathname;

-- Visits stored before this migration, from the engagement events' copies in `action_events` (ordered by type,
-- so only their granules are read). One row per event, without grouping: the table merges a visit's rows as
-- it merges those of separate inserts, and an INSERT ... SELECT without GROUP BY streams, so its memory does
-- not grow with the store (one grouping all visits of 10 M events exceeded the embedded engine's 512 MB,
-- decision 0032). Sixteen slices by session: a rerun after an interruption skips the slices already stored
-- (a slice of up to a million events is stored as one part, whole or not at all). Like the other backfills,
-- it assumes nothing is ingested while migrations run (the server migrates before it listens).
INSERT INTO page_visits
SELECT site_id, session_start, session_id, pathname, toUInt64(engaged_ms), scroll_depth, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM action_events
WHERE type = 'engagement' AND cityHash64(site_id, session_id) % 16 = 0
    AND (SELECT count() FROM page_visits WHERE cityHash64(site_id, session_id) % 16 = 0) = 0;
INSERT INTO page_visits
SELECT site_id, session_start, session_id, pathname, toUInt64(engaged_ms), scroll_depth, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM action_events
WHERE type = 'engagement' AND cityHash64(site_id, session_id) % 16 = 1
    AND (SELECT count() FROM page_visits WHERE cityHash64(site_id, session_id) % 16 = 1) = 0;
INSERT INTO page_visits
SELECT site_id, session_start, session_id, pathname, toUInt64(engaged_ms), scroll_depth, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM action_events
WHERE type = 'engagement' AND cityHash64(site_id, session_id) % 16 = 2
    AND (SELECT count() FROM page_visits WHERE cityHash64(site_id, session_id) % 16 = 2) = 0;
INSERT INTO page_visits
SELECT site_id, session_start, session_id, pathname, toUInt64(engaged_ms), scroll_depth, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM action_events
WHERE type = 'engagement' AND cityHash64(site_id, session_id) % 16 = 3
    AND (SELECT count() FROM page_visits WHERE cityHash64(site_id, session_id) % 16 = 3) = 0;
INSERT INTO page_visits
SELECT site_id, session_start, session_id, pathname, toUInt64(engaged_ms), scroll_depth, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM action_events
WHERE type = 'engagement' AND cityHash64(site_id, session_id) % 16 = 4
    AND (SELECT count() FROM page_visits WHERE cityHash64(site_id, session_id) % 16 = 4) = 0;
INSERT INTO page_visits
SELECT site_id, session_start, session_id, pathname, toUInt64(engaged_ms), scroll_depth, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM action_events
WHERE type = 'engagement' AND cityHash64(site_id, session_id) % 16 = 5
    AND (SELECT count() FROM page_visits WHERE cityHash64(site_id, session_id) % 16 = 5) = 0;
INSERT INTO page_visits
SELECT site_id, session_start, session_id, pathname, toUInt64(engaged_ms), scroll_depth, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM action_events
WHERE type = 'engagement' AND cityHash64(site_id, session_id) % 16 = 6
    AND (SELECT count() FROM page_visits WHERE cityHash64(site_id, session_id) % 16 = 6) = 0;
INSERT INTO page_visits
SELECT site_id, session_start, session_id, pathname, toUInt64(engaged_ms), scroll_depth, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM action_events
WHERE type = 'engagement' AND cityHash64(site_id, session_id) % 16 = 7
    AND (SELECT count() FROM page_visits WHERE cityHash64(site_id, session_id) % 16 = 7) = 0;
INSERT INTO page_visits
SELECT site_id, session_start, session_id, pathname, toUInt64(engaged_ms), scroll_depth, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM action_events
WHERE type = 'engagement' AND cityHash64(site_id, session_id) % 16 = 8
    AND (SELECT count() FROM page_visits WHERE cityHash64(site_id, session_id) % 16 = 8) = 0;
INSERT INTO page_visits
SELECT site_id, session_start, session_id, pathname, toUInt64(engaged_ms), scroll_depth, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM action_events
WHERE type = 'engagement' AND cityHash64(site_id, session_id) % 16 = 9
    AND (SELECT count() FROM page_visits WHERE cityHash64(site_id, session_id) % 16 = 9) = 0;
INSERT INTO page_visits
SELECT site_id, session_start, session_id, pathname, toUInt64(engaged_ms), scroll_depth, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM action_events
WHERE type = 'engagement' AND cityHash64(site_id, session_id) % 16 = 10
    AND (SELECT count() FROM page_visits WHERE cityHash64(site_id, session_id) % 16 = 10) = 0;
INSERT INTO page_visits
SELECT site_id, session_start, session_id, pathname, toUInt64(engaged_ms), scroll_depth, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM action_events
WHERE type = 'engagement' AND cityHash64(site_id, session_id) % 16 = 11
    AND (SELECT count() FROM page_visits WHERE cityHash64(site_id, session_id) % 16 = 11) = 0;
INSERT INTO page_visits
SELECT site_id, session_start, session_id, pathname, toUInt64(engaged_ms), scroll_depth, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM action_events
WHERE type = 'engagement' AND cityHash64(site_id, session_id) % 16 = 12
    AND (SELECT count() FROM page_visits WHERE cityHash64(site_id, session_id) % 16 = 12) = 0;
INSERT INTO page_visits
SELECT site_id, session_start, session_id, pathname, toUInt64(engaged_ms), scroll_depth, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM action_events
WHERE type = 'engagement' AND cityHash64(site_id, session_id) % 16 = 13
    AND (SELECT count() FROM page_visits WHERE cityHash64(site_id, session_id) % 16 = 13) = 0;
INSERT INTO page_visits
SELECT site_id, session_start, session_id, pathname, toUInt64(engaged_ms), scroll_depth, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM action_events
WHERE type = 'engagement' AND cityHash64(site_id, session_id) % 16 = 14
    AND (SELECT count() FROM page_visits WHERE cityHash64(site_id, session_id) % 16 = 14) = 0;
INSERT INTO page_visits
SELECT site_id, session_start, session_id, pathname, toUInt64(engaged_ms), scroll_depth, timestamp,
    country, region, city, browser, browser_version, operating_system, operating_system_version, device_type, language
FROM action_events
WHERE type = 'engagement' AND cityHash64(site_id, session_id) % 16 = 15
    AND (SELECT count() FROM page_visits WHERE cityHash64(site_id, session_id) % 16 = 15) = 0;

-- Reports read the table with FINAL, which costs more while a visit has several rows: merge the backfill once.
OPTIMIZE TABLE page_visits FINAL;
