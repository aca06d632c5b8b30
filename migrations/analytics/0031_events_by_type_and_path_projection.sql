-- Funnels find the pageviews of their page steps (`type = 'pageview' AND pathname = ...`, or a pattern) among
-- every event of the range: `events` is ordered by time, so those rows lie in every granule and each request
-- read the type, path, time and session of all 10 M events (about 215 of the funnel's 390 ms CPU on the
-- 10 M-event set; decision 0053). `events_by_type_and_path` keeps those five columns of `events` again,
-- ordered by site, type, path and time, so the pageviews of a few paths are a few ranges of it. The engine
-- reads it by itself for a query that needs no other column of `events` and reads fewer granules there.
-- Being part of `events`, it is written with every insert and merged with its parts, so it never lags, and
-- the data retention sweep, erasing a person's data and removing an import rebuild it (the delete mode set by
-- migration 0020).
ALTER TABLE events ADD PROJECTION IF NOT EXISTS events_by_type_and_path
(
    SELECT site_id, type, pathname, timestamp, session_id
    ORDER BY site_id, type, pathname, timestamp
);

-- Builds the projection for the parts stored so far; the migration waits for it.
ALTER TABLE events MATERIALIZE PROJECTION events_by_type_and_path SETTINGS mutations_sync = 1;
