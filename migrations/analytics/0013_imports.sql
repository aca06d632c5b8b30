-- Imports of other tools' data (src/imports/). Every imported event carries the id of its import in
-- `import_id` ('' for tracked events), and so does the row its session gets in `sessions` (an imported
-- session holds the events of one import only: its id is derived from the import's), so deleting an import
-- removes exactly its rows: its events, their copies (found by event id), and its sessions' rows.
ALTER TABLE events ADD COLUMN IF NOT EXISTS import_id String;

ALTER TABLE sessions ADD COLUMN IF NOT EXISTS import_id SimpleAggregateFunction(max, String);

-- The view of migration 0012 plus the column (unqualified names inside it would mean the aggregates).
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
    max(events.import_id) AS import_id
FROM events
GROUP BY site_id, session_start, session_id;

-- Daily aggregates imported from tools that export no raw events (one row per day and report row of the
-- export: a page, a source, a country...). Reports without filters add them to the figures they compute
-- from events; docs/imports.md says how each report does. `row_key` identifies the row's day, report and
-- values within the site, so the same row imported again (by any import) is found and skipped.
CREATE TABLE IF NOT EXISTS imported_aggregates
(
    site_id UInt32,
    import_id String,
    row_key String,
    date Date,
    report LowCardinality(String),
    hostname String,
    pathname String,
    entry_page String,
    exit_page String,
    referrer String,
    source String,
    utm_source String,
    utm_medium String,
    utm_campaign String,
    utm_content String,
    utm_term String,
    country LowCardinality(String),
    region LowCardinality(String),
    city String,
    device_type LowCardinality(String),
    browser LowCardinality(String),
    browser_version LowCardinality(String),
    operating_system LowCardinality(String),
    operating_system_version LowCardinality(String),
    event_name String,
    visitors UInt64,
    visits UInt64,
    pageviews UInt64,
    bounces UInt64,
    visit_duration UInt64,
    events UInt64
)
ENGINE = MergeTree
PARTITION BY toYYYYMM(date)
ORDER BY (site_id, report, date)
SETTINGS non_replicated_deduplication_window = 10000;
