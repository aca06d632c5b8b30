-- /api/identify: links an anonymous visitor (device) to an identified user id, with the traits sent then.
CREATE TABLE IF NOT EXISTS user_identities
(
    site_id UInt32,
    timestamp DateTime64(3, 'UTC'),
    identified_user_id String,
    user_id String,
    anonymous_id String,
    traits String
)
ENGINE = MergeTree
ORDER BY (site_id, identified_user_id, timestamp)
SETTINGS non_replicated_deduplication_window = 10000;
