-- One view feeds `page_views_by_kind` instead of four (decision 0063). The four views of migration 0029 each read
-- every pageview of an insert, filtered it, grouped it by session and page with the same ten attribute
-- aggregates and wrote their own block: a quarter of every insert's CPU in `events` went to them. This view
-- reads the block once, repeats each pageview once per kind (`arrayJoin` over the four kinds, the title's page
-- text made once per event) and groups the copies in one pass; the rows it writes are those the four wrote
-- (test/analytics-store/page-views-one-view-migration.test.ts inserts the same events under both).
-- Qualified column names inside: unqualified ones would mean the aggregates of the same names.
CREATE MATERIALIZED VIEW IF NOT EXISTS page_views_by_kind_from_events TO page_views_by_kind AS
WITH concat(toString(length(events.pathname)), ':', events.pathname, events.page_title) AS titled_page
SELECT
    site_id,
    arrayJoin(CAST(['path', 'title', 'session_path', 'session_title'], 'Array(Enum8(\'path\' = 1, \'title\' = 2, \'session_path\' = 3, \'session_title\' = 4))')) AS kind,
    session_start,
    session_id,
    multiIf(kind = 'path', events.pathname, kind = 'title', titled_page, '') AS page,
    count() AS views,
    min(if(kind IN ('path', 'session_path'), events.pathname, titled_page)) AS min_page,
    max(timestamp) AS last_at,
    max(events.country) AS country,
    max(events.region) AS region,
    max(events.city) AS city,
    max(events.browser) AS browser,
    max(events.browser_version) AS browser_version,
    max(events.operating_system) AS operating_system,
    max(events.operating_system_version) AS operating_system_version,
    max(events.device_type) AS device_type,
    max(events.language) AS language
FROM events
WHERE type = 'pageview'
GROUP BY site_id, kind, session_start, session_id, page;

-- The four views it replaces. The server migrates before it listens, so no insert reaches both in between.
DROP VIEW IF EXISTS page_views_by_kind_path;
DROP VIEW IF EXISTS page_views_by_kind_title;
DROP VIEW IF EXISTS page_views_by_kind_session_path;
DROP VIEW IF EXISTS page_views_by_kind_session_title;
