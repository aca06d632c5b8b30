-- Sessions: one row per session once merged, fed from `events` by a materialized view, so reports over whole
-- sessions (overview figures) read a row per session instead of grouping every event.
--
-- `events.session_start` is the time the session store opened the session. Every event of a session carries
-- the same value, so all of a session's rows share one sorting key and merge into one. A writer that does not
-- know it leaves the column at its zero (1970-01-01): those sessions still merge into one row, and reports
-- treat them as running since before any range, computing them from their events. Rows written before this
-- column existed read it as zero too; the backfill below keys their sessions by their first event.
ALTER TABLE events ADD COLUMN IF NOT EXISTS session_start DateTime64(3, 'UTC') AFTER session_id;

-- `user_hash` is the smallest sipHash64 of the session's visitor ids: reports count distinct visitors by it.
-- `last_at` carries a min-max index so sessions still running at a range's start are found without reading
-- every older session.
-- The `first_*` columns hold a dimension's value at the session's first event, as the event's time
-- (`YYYY-MM-DD HH:MM:SS.mmm`, 23 characters) followed by the value: the smallest string is the first
-- event's, so a plain `min` merges them. `first_informative_channel` is the first channel other than Direct
-- and Internal, '~' (after every time) when there is none; `entry_page` is the first pageview's path, '~'
-- without pageviews; `exit_page` the last pageview's, '' without. `pages` maps each path the session viewed
-- to its pageviews, `titled_pages` each (title, path) pair.
CREATE TABLE IF NOT EXISTS sessions
(
    site_id UInt32,
    session_start DateTime64(3, 'UTC'),
    session_id UInt64,
    user_hash SimpleAggregateFunction(min, UInt64),
    first_at SimpleAggregateFunction(min, DateTime64(3, 'UTC')),
    last_at SimpleAggregateFunction(max, DateTime64(3, 'UTC')),
    pageviews SimpleAggregateFunction(sum, UInt64),
    first_referrer SimpleAggregateFunction(min, String),
    first_channel SimpleAggregateFunction(min, String),
    first_informative_channel SimpleAggregateFunction(min, String),
    first_utm_source SimpleAggregateFunction(min, String),
    first_utm_medium SimpleAggregateFunction(min, String),
    first_utm_campaign SimpleAggregateFunction(min, String),
    first_country SimpleAggregateFunction(min, String),
    first_browser SimpleAggregateFunction(min, String),
    first_operating_system SimpleAggregateFunction(min, String),
    first_device_type SimpleAggregateFunction(min, String),
    entry_page SimpleAggregateFunction(min, String),
    exit_page SimpleAggregateFunction(max, String),
    pages SimpleAggregateFunction(sumMap, Tuple(Array(String), Array(UInt64))),
    titled_pages SimpleAggregateFunction(sumMap, Tuple(Array(Tuple(String, String)), Array(UInt64))),
    INDEX last_at_range last_at TYPE minmax GRANULARITY 1
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(session_start)
ORDER BY (site_id, session_start, session_id)
SETTINGS non_replicated_deduplication_window = 10000;

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
    sumMapIf(([(page_title, pathname)], [toUInt64(1)]), type = 'pageview') AS titled_pages
FROM events
GROUP BY site_id, session_start, session_id;

-- The backfill skips sessions already present, so rerunning it after an interruption adds each session once.
INSERT INTO sessions
SELECT
    site_id,
    min(timestamp) AS session_start,
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
    sumMapIf(([(page_title, pathname)], [toUInt64(1)]), type = 'pageview') AS titled_pages
FROM events
WHERE (site_id, session_id) NOT IN (SELECT site_id, session_id FROM sessions)
GROUP BY site_id, session_id;

-- Reports read the table with FINAL, which is cheapest when a range's rows sit in one part: merge the
-- backfill now rather than whenever background merges get to it.
OPTIMIZE TABLE sessions FINAL;
