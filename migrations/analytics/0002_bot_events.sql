-- Bot traffic, stored apart from human events and never counted as human. One flag per detection layer.
CREATE TABLE IF NOT EXISTS bot_events
(
    site_id UInt32,
    timestamp DateTime64(3, 'UTC'),
    event_id UUID,
    type LowCardinality(String),
    event_name String,
    hostname LowCardinality(String),
    pathname String,
    referrer String,
    user_agent String,
    browser LowCardinality(String),
    operating_system LowCardinality(String),
    device_type LowCardinality(String),
    country LowCardinality(String),
    asn UInt32,
    bot_name LowCardinality(String),
    bot_category LowCardinality(String),
    ai_operator LowCardinality(String),
    ai_purpose LowCardinality(String),
    ua_pattern UInt8,
    header_heuristics UInt8,
    client_signals UInt8,
    bot_asn UInt8,
    rate_anomaly UInt8
)
ENGINE = MergeTree
PARTITION BY toYYYYMM(timestamp)
ORDER BY (site_id, timestamp)
SETTINGS non_replicated_deduplication_window = 10000;
