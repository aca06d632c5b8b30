-- People's activity per UTC day (decision 0052): one row per site, day and person (`user_key_hash`, migration
-- 0010) once merged, with their first and last event of the day, their pageviews and their custom events.
-- Retention and the users list group every person active in a range; the `user_quarters` projection (migration
-- 0020) gave them a row per person and quarter hour (1.9 M rows for 1.15 M people on the 10 M-event set),
-- whose aggregate states cost about twice a plain column to read. Here whole UTC days of a range are read as
-- plain columns, a row per person and day (1.5 M), and only the partial days at its ends come from the
-- projection and the events (src/stats/user-days.ts). A day's row holds the first and last instants: a UTC day
-- lies in at most two days, weeks or months of any time zone but on the short day of a clock change, and each
-- of those periods holds the first or the last event, so retention takes its periods from them.
--
-- The columns are aggregates of their own (min, max, sum): a person's rows of one day written by separate
-- inserts add up whether or not they are merged yet, so no report reads the table with FINAL. Every path that
-- removes events rewrites the rows of the (person, day) pairs they touched (src/user-data/user-days-rewrite.ts).
CREATE TABLE IF NOT EXISTS user_days
(
    site_id UInt32,
    day Date,
    user_key_hash UInt64,
    first_at SimpleAggregateFunction(min, DateTime64(3, 'UTC')),
    last_at SimpleAggregateFunction(max, DateTime64(3, 'UTC')),
    pageviews SimpleAggregateFunction(sum, UInt64),
    custom_events SimpleAggregateFunction(sum, UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(day)
ORDER BY (site_id, day, user_key_hash)
SETTINGS non_replicated_deduplication_window = 10000;

CREATE MATERIALIZED VIEW IF NOT EXISTS user_days_from_events TO user_days AS
SELECT
    site_id,
    toDate(timestamp) AS day,
    user_key_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    countIf(type = 'pageview') AS pageviews,
    countIf(type = 'custom_event') AS custom_events
FROM events
GROUP BY site_id, day, user_key_hash;

-- Days stored before this migration, from `events`, in sixteen slices by person: each groups a sixteenth of the
-- store's (person, day) pairs (about 94,000 on the 10 M-event set) on one thread, so its memory stays a small
-- part of the embedded engine's 512 MB, and a rerun after an interruption skips the slices already stored. Like
-- the other backfills, it assumes nothing is ingested while migrations run (the server migrates before it listens).
INSERT INTO user_days
SELECT site_id, toDate(timestamp) AS day, user_key_hash, min(timestamp), max(timestamp), countIf(type = 'pageview'), countIf(type = 'custom_event')
FROM events
WHERE user_key_hash % 16 = 0
    AND (SELECT count() FROM user_days WHERE user_key_hash % 16 = 0) = 0
GROUP BY site_id, day, user_key_hash
SETTINGS max_threads = 1;
INSERT INTO user_days
SELECT site_id, toDate(timestamp) AS day, user_key_hash, min(timestamp), max(timestamp), countIf(type = 'pageview'), countIf(type = 'custom_event')
FROM events
WHERE user_key_hash % 16 = 1
    AND (SELECT count() FROM user_days WHERE user_key_hash % 16 = 1) = 0
GROUP BY site_id, day, user_key_hash
SETTINGS max_threads = 1;
INSERT INTO user_days
SELECT site_id, toDate(timestamp) AS day, user_key_hash, min(timestamp), max(timestamp), countIf(type = 'pageview'), countIf(type = 'custom_event')
FROM events
WHERE user_key_hash % 16 = 2
    AND (SELECT count() FROM user_days WHERE user_key_hash % 16 = 2) = 0
GROUP BY site_id, day, user_key_hash
SETTINGS max_threads = 1;
INSERT INTO user_days
SELECT site_id, toDate(timestamp) AS day, user_key_hash, min(timestamp), max(timestamp), countIf(type = 'pageview'), countIf(type = 'custom_event')
FROM events
WHERE user_key_hash % 16 = 3
    AND (SELECT count() FROM user_days WHERE user_key_hash % 16 = 3) = 0
GROUP BY site_id, day, user_key_hash
SETTINGS max_threads = 1;
INSERT INTO user_days
SELECT site_id, toDate(timestamp) AS day, user_key_hash, min(timestamp), max(timestamp), countIf(type = 'pageview'), countIf(type = 'custom_event')
FROM events
WHERE user_key_hash % 16 = 4
    AND (SELECT count() FROM user_days WHERE user_key_hash % 16 = 4) = 0
GROUP BY site_id, day, user_key_hash
SETTINGS max_threads = 1;
INSERT INTO user_days
SELECT site_id, toDate(timestamp) AS day, user_key_hash, min(timestamp), max(timestamp), countIf(type = 'pageview'), countIf(type = 'custom_event')
FROM events
WHERE user_key_hash % 16 = 5
    AND (SELECT count() FROM user_days WHERE user_key_hash % 16 = 5) = 0
GROUP BY site_id, day, user_key_hash
SETTINGS max_threads = 1;
INSERT INTO user_days
SELECT site_id, toDate(timestamp) AS day, user_key_hash, min(timestamp), max(timestamp), countIf(type = 'pageview'), countIf(type = 'custom_event')
FROM events
WHERE user_key_hash % 16 = 6
    AND (SELECT count() FROM user_days WHERE user_key_hash % 16 = 6) = 0
GROUP BY site_id, day, user_key_hash
SETTINGS max_threads = 1;
INSERT INTO user_days
SELECT site_id, toDate(timestamp) AS day, user_key_hash, min(timestamp), max(timestamp), countIf(type = 'pageview'), countIf(type = 'custom_event')
FROM events
WHERE user_key_hash % 16 = 7
    AND (SELECT count() FROM user_days WHERE user_key_hash % 16 = 7) = 0
GROUP BY site_id, day, user_key_hash
SETTINGS max_threads = 1;
INSERT INTO user_days
SELECT site_id, toDate(timestamp) AS day, user_key_hash, min(timestamp), max(timestamp), countIf(type = 'pageview'), countIf(type = 'custom_event')
FROM events
WHERE user_key_hash % 16 = 8
    AND (SELECT count() FROM user_days WHERE user_key_hash % 16 = 8) = 0
GROUP BY site_id, day, user_key_hash
SETTINGS max_threads = 1;
INSERT INTO user_days
SELECT site_id, toDate(timestamp) AS day, user_key_hash, min(timestamp), max(timestamp), countIf(type = 'pageview'), countIf(type = 'custom_event')
FROM events
WHERE user_key_hash % 16 = 9
    AND (SELECT count() FROM user_days WHERE user_key_hash % 16 = 9) = 0
GROUP BY site_id, day, user_key_hash
SETTINGS max_threads = 1;
INSERT INTO user_days
SELECT site_id, toDate(timestamp) AS day, user_key_hash, min(timestamp), max(timestamp), countIf(type = 'pageview'), countIf(type = 'custom_event')
FROM events
WHERE user_key_hash % 16 = 10
    AND (SELECT count() FROM user_days WHERE user_key_hash % 16 = 10) = 0
GROUP BY site_id, day, user_key_hash
SETTINGS max_threads = 1;
INSERT INTO user_days
SELECT site_id, toDate(timestamp) AS day, user_key_hash, min(timestamp), max(timestamp), countIf(type = 'pageview'), countIf(type = 'custom_event')
FROM events
WHERE user_key_hash % 16 = 11
    AND (SELECT count() FROM user_days WHERE user_key_hash % 16 = 11) = 0
GROUP BY site_id, day, user_key_hash
SETTINGS max_threads = 1;
INSERT INTO user_days
SELECT site_id, toDate(timestamp) AS day, user_key_hash, min(timestamp), max(timestamp), countIf(type = 'pageview'), countIf(type = 'custom_event')
FROM events
WHERE user_key_hash % 16 = 12
    AND (SELECT count() FROM user_days WHERE user_key_hash % 16 = 12) = 0
GROUP BY site_id, day, user_key_hash
SETTINGS max_threads = 1;
INSERT INTO user_days
SELECT site_id, toDate(timestamp) AS day, user_key_hash, min(timestamp), max(timestamp), countIf(type = 'pageview'), countIf(type = 'custom_event')
FROM events
WHERE user_key_hash % 16 = 13
    AND (SELECT count() FROM user_days WHERE user_key_hash % 16 = 13) = 0
GROUP BY site_id, day, user_key_hash
SETTINGS max_threads = 1;
INSERT INTO user_days
SELECT site_id, toDate(timestamp) AS day, user_key_hash, min(timestamp), max(timestamp), countIf(type = 'pageview'), countIf(type = 'custom_event')
FROM events
WHERE user_key_hash % 16 = 14
    AND (SELECT count() FROM user_days WHERE user_key_hash % 16 = 14) = 0
GROUP BY site_id, day, user_key_hash
SETTINGS max_threads = 1;
INSERT INTO user_days
SELECT site_id, toDate(timestamp) AS day, user_key_hash, min(timestamp), max(timestamp), countIf(type = 'pageview'), countIf(type = 'custom_event')
FROM events
WHERE user_key_hash % 16 = 15
    AND (SELECT count() FROM user_days WHERE user_key_hash % 16 = 15) = 0
GROUP BY site_id, day, user_key_hash
SETTINGS max_threads = 1;
