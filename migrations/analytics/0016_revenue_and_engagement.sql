-- Revenue and engagement (issue 37).
--
-- A custom event may carry revenue: `revenue_amount` is a decimal with four places (the most any ISO 4217
-- currency uses, so amounts are kept exactly, never as floats) and `revenue_currency` its ISO code, '' on
-- events without revenue. Engagement events (type 'engagement', one per pageview, sent by the tracker when the
-- page is hidden, left or navigated away from) carry the page's engaged time in `engaged_ms` and the deepest
-- scroll reached in `scroll_depth` (0..100 percent). The copies of `events` (action_events, performance_events)
-- get the columns too: their views copy `SELECT *`, which reads the source's columns at every insert.
ALTER TABLE events
    ADD COLUMN IF NOT EXISTS revenue_amount Decimal(18, 4),
    ADD COLUMN IF NOT EXISTS revenue_currency LowCardinality(String),
    ADD COLUMN IF NOT EXISTS engaged_ms UInt32,
    ADD COLUMN IF NOT EXISTS scroll_depth UInt8;

ALTER TABLE action_events
    ADD COLUMN IF NOT EXISTS revenue_amount Decimal(18, 4),
    ADD COLUMN IF NOT EXISTS revenue_currency LowCardinality(String),
    ADD COLUMN IF NOT EXISTS engaged_ms UInt32,
    ADD COLUMN IF NOT EXISTS scroll_depth UInt8;

ALTER TABLE performance_events
    ADD COLUMN IF NOT EXISTS revenue_amount Decimal(18, 4),
    ADD COLUMN IF NOT EXISTS revenue_currency LowCardinality(String),
    ADD COLUMN IF NOT EXISTS engaged_ms UInt32,
    ADD COLUMN IF NOT EXISTS scroll_depth UInt8;

-- Engagement events reach action_events too (its view copies every type but pageviews and vitals). Its
-- reports read one type's rows each (the table is ordered by type), so they cost those reports nothing;
-- recreating the view with another condition would expand its `SELECT *` to columns the copy lacks.

-- `engaged_ms` sums the engaged time of the session's pages: the visit duration the reports derive from
-- engagement, which counts a one-page visit's time too (first-to-last event gives it 0 s). Sessions stored
-- before this migration have no engagement events and read 0.
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS engaged_ms SimpleAggregateFunction(sum, UInt64);

-- The view of migration 0013 plus the column (unqualified names inside it would mean the aggregates).
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
    max(events.import_id) AS import_id,
    sumIf(toUInt64(events.engaged_ms), type = 'engagement') AS engaged_ms
FROM events
GROUP BY site_id, session_start, session_id;
