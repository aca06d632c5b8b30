-- Reports with filters on a visitor's attributes (country, browser, ...) grouped every matching event by
-- session. Those attributes come from the visitor's IP address and user agent, which rarely change inside a
-- session, so the `sessions` table now keeps them: a session whose events all agree is selected by its row
-- alone. Each value column is the largest value of the session's events (`max`, whose neutral element is
-- the empty string that existing rows read before the backfill), and `attributes_low` / `attributes_high`
-- are the smallest and largest hash of an event's nine attributes: they are equal exactly when every event
-- agrees (up to a 64-bit hash collision). Until a row is backfilled its `attributes_low` reads the largest
-- UInt64 and `attributes_high` zero, so the session counts as not agreeing: reports then compute it from
-- its events, which is always right.
ALTER TABLE sessions
    ADD COLUMN IF NOT EXISTS country SimpleAggregateFunction(max, LowCardinality(String)),
    ADD COLUMN IF NOT EXISTS region SimpleAggregateFunction(max, LowCardinality(String)),
    ADD COLUMN IF NOT EXISTS city SimpleAggregateFunction(max, LowCardinality(String)),
    ADD COLUMN IF NOT EXISTS browser SimpleAggregateFunction(max, LowCardinality(String)),
    ADD COLUMN IF NOT EXISTS browser_version SimpleAggregateFunction(max, LowCardinality(String)),
    ADD COLUMN IF NOT EXISTS operating_system SimpleAggregateFunction(max, LowCardinality(String)),
    ADD COLUMN IF NOT EXISTS operating_system_version SimpleAggregateFunction(max, LowCardinality(String)),
    ADD COLUMN IF NOT EXISTS device_type SimpleAggregateFunction(max, LowCardinality(String)),
    ADD COLUMN IF NOT EXISTS language SimpleAggregateFunction(max, LowCardinality(String)),
    ADD COLUMN IF NOT EXISTS attributes_low SimpleAggregateFunction(min, UInt64) DEFAULT 18446744073709551615,
    ADD COLUMN IF NOT EXISTS attributes_high SimpleAggregateFunction(max, UInt64);

-- The view gains the columns: it is dropped and created again with the query of migration 0008 plus them.
-- Inside it the attributes are named `events.<name>`: unqualified, a name would mean the aggregate this
-- query gives the same alias.
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
    max(cityHash64(events.country, events.region, events.city, events.browser, events.browser_version, events.operating_system, events.operating_system_version, events.device_type, events.language)) AS attributes_high
FROM events
GROUP BY site_id, session_start, session_id;

-- Sessions stored before this migration get the attributes from a second row with the same key, computed
-- as the view computes them; its sums and arrays are empty, so merging changes nothing else. Rows are keyed
-- as their sessions' rows were: by `session_start` for events that carry it (as the view does), by the
-- first event's time for events from before migration 0004 (as its backfill did, and only where that row
-- exists). A rerun after an interruption adds the same values again, which `min` and `max` absorb.
INSERT INTO sessions
SELECT
    site_id,
    if(session_start = toDateTime64(0, 3, 'UTC'), min(timestamp), session_start) AS row_start,
    session_id,
    min(sipHash64(user_id)) AS user_hash,
    min(timestamp) AS first_at,
    max(timestamp) AS last_at,
    toUInt64(0) AS pageviews,
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
    (CAST([] AS Array(String)), CAST([] AS Array(UInt64))) AS pages,
    (CAST([] AS Array(Tuple(String, String))), CAST([] AS Array(UInt64))) AS titled_pages,
    CAST([] AS Array(Tuple(DateTime64(3, 'UTC'), String))) AS journey,
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
    max(cityHash64(events.country, events.region, events.city, events.browser, events.browser_version, events.operating_system, events.operating_system_version, events.device_type, events.language)) AS attributes_high
FROM events
GROUP BY site_id, session_start, session_id
HAVING session_start != toDateTime64(0, 3, 'UTC')
    OR (site_id, row_start, session_id) IN (SELECT site_id, session_start, session_id FROM sessions WHERE session_start != toDateTime64(0, 3, 'UTC'));

OPTIMIZE TABLE sessions FINAL;
