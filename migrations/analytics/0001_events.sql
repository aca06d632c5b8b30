-- Human events: one row per pageview, custom event, web-vitals sample, outbound click, error or autocapture.
-- Ordered for per-site time-range scans; session ids are UInt64 so counting and grouping them is cheap.
CREATE TABLE IF NOT EXISTS events
(
    site_id UInt32,
    timestamp DateTime64(3, 'UTC'),
    event_id UUID,
    session_id UInt64,
    user_id String,
    identified_user_id String,
    type LowCardinality(String),
    event_name String,
    props String,
    hostname LowCardinality(String),
    pathname String,
    querystring String,
    url_parameters Map(String, String),
    page_title String,
    referrer String,
    channel LowCardinality(String),
    utm_source LowCardinality(String),
    utm_medium LowCardinality(String),
    utm_campaign String,
    utm_term String,
    utm_content String,
    browser LowCardinality(String),
    browser_version LowCardinality(String),
    operating_system LowCardinality(String),
    operating_system_version LowCardinality(String),
    device_type LowCardinality(String),
    language LowCardinality(String),
    country LowCardinality(String),
    region LowCardinality(String),
    city LowCardinality(String),
    lat Float64,
    lon Float64,
    timezone LowCardinality(String),
    screen_width UInt16,
    screen_height UInt16,
    lcp Nullable(Float64),
    cls Nullable(Float64),
    inp Nullable(Float64),
    fcp Nullable(Float64),
    ttfb Nullable(Float64),
    ip String,
    tag LowCardinality(String),
    feature_flags Map(String, String)
)
ENGINE = MergeTree
PARTITION BY toYYYYMM(timestamp)
ORDER BY (site_id, timestamp)
SETTINGS non_replicated_deduplication_window = 10000;
