-- Session replay (src/ingestion/replay/, src/reports/replay/; decision 0016). A recorded session is stored as
-- the batches of rrweb events the recorder sent, one row per batch, and one metadata row per session.
--
-- `session_replay_batches`: the batch's events as the JSON text of an array, compressed by the store
-- (ZSTD; rrweb's snapshots repeat the page's markup and compress about tenfold). `sequence` is the
-- recorder's batch counter within its page load; `batch_id` names the batch (page load and counter), so a
-- batch the browser sent twice (a retry after a lost answer) is one row once merged, and a spool segment
-- delivered twice is dropped by the insert's deduplication token. Rows expire `retention_days` (the site's
-- replay retention when the batch was stored) after the batch's last event: the store's TTL enforces it.
CREATE TABLE IF NOT EXISTS session_replay_batches
(
    site_id UInt32,
    session_id UInt64,
    batch_id String,
    sequence UInt32,
    first_at DateTime64(3, 'UTC'),
    last_at DateTime64(3, 'UTC'),
    event_count UInt32,
    full_snapshots UInt16,
    raw_bytes UInt32,
    events String CODEC(ZSTD(3)),
    retention_days UInt16
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(first_at)
ORDER BY (site_id, session_id, batch_id)
TTL toDateTime(last_at) + toIntervalDay(retention_days)
SETTINGS non_replicated_deduplication_window = 10000;

-- `session_replay_metadata`: one row per recorded session once merged. Times are the first and last event
-- of any batch; the visitor, device and place come from the batches' requests (the same parsing and
-- geolocation as events); `page_url` keeps the earliest batch's page ('<time><url>', the smallest is first).
-- Entry page and channel are read from `sessions` at query time.
CREATE TABLE IF NOT EXISTS session_replay_metadata
(
    site_id UInt32,
    session_id UInt64,
    session_start SimpleAggregateFunction(min, DateTime64(3, 'UTC')),
    user_id SimpleAggregateFunction(any, String),
    identified_user_id SimpleAggregateFunction(max, String),
    start_time SimpleAggregateFunction(min, DateTime64(3, 'UTC')),
    end_time SimpleAggregateFunction(max, DateTime64(3, 'UTC')),
    first_page SimpleAggregateFunction(min, String),
    user_agent SimpleAggregateFunction(any, String),
    language SimpleAggregateFunction(any, String),
    country SimpleAggregateFunction(any, String),
    region SimpleAggregateFunction(any, String),
    city SimpleAggregateFunction(any, String),
    lat SimpleAggregateFunction(any, Float64),
    lon SimpleAggregateFunction(any, Float64),
    browser SimpleAggregateFunction(any, String),
    browser_version SimpleAggregateFunction(any, String),
    operating_system SimpleAggregateFunction(any, String),
    operating_system_version SimpleAggregateFunction(any, String),
    device_type SimpleAggregateFunction(any, String),
    screen_width SimpleAggregateFunction(max, UInt16),
    screen_height SimpleAggregateFunction(max, UInt16),
    hostname SimpleAggregateFunction(any, String),
    referrer SimpleAggregateFunction(any, String),
    retention_days SimpleAggregateFunction(max, UInt16)
)
ENGINE = AggregatingMergeTree
ORDER BY (site_id, session_id)
TTL toDateTime(end_time) + toIntervalDay(retention_days)
SETTINGS non_replicated_deduplication_window = 10000;
