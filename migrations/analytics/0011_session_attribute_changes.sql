-- Filtered reports read a session's row when all its events agree on the visitor attributes, and compute
-- the others from their events. Finding the others took a `FINAL` read of every session in the range (tens
-- of milliseconds on 10 million events), because two rows of one session, written by two inserts, can each
-- agree and still disagree with each other. Now the ingestion marks such an event: the session store keeps
-- the attributes of the session's first event, and an event whose own differ carries `attributes_changed`
-- = 1. The view sets a row's `attributes_changed` when one of its events carries it or its events disagree
-- among themselves, and `max` keeps it through merges; so a session disagrees exactly when one of its rows
-- says so, which a plain read finds, and the merged row tells the same.
ALTER TABLE events ADD COLUMN IF NOT EXISTS attributes_changed UInt8;

ALTER TABLE sessions ADD COLUMN IF NOT EXISTS attributes_changed SimpleAggregateFunction(max, UInt8);

-- The view of migration 0009 plus the column (unqualified names inside it would mean the aggregates).
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
    toUInt8(max(events.attributes_changed) = 1 OR min(cityHash64(events.country, events.region, events.city, events.browser, events.browser_version, events.operating_system, events.operating_system_version, events.device_type, events.language)) != max(cityHash64(events.country, events.region, events.city, events.browser, events.browser_version, events.operating_system, events.operating_system_version, events.device_type, events.language))) AS attributes_changed
FROM events
GROUP BY site_id, session_start, session_id;

-- Existing sessions: merged into one row each (every row of a session shares its `session_start`, hence its
-- partition), a row whose hashes differ is marked. Rows not backfilled by 0009 read the largest and smallest
-- UInt64 as their hashes, so they are marked too and computed from their events, which is always right.
OPTIMIZE TABLE sessions FINAL;

ALTER TABLE sessions UPDATE attributes_changed = 1 WHERE attributes_low != attributes_high SETTINGS mutations_sync = 1;
