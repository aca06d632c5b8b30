-- Custom events, outbound clicks, errors and autocaptured interactions are about an eighth of all events,
-- spread through every granule of `events`, so the reports on them (errors, custom event names and
-- properties, outbound links, event and outbound goals) read every granule to find them.
-- `action_events` keeps a copy of just those rows, with the same columns (the stats engine's filters apply
-- unchanged), ordered by type so that each report reads only its own type's rows. A materialized view
-- fills it on every insert into `events`; inserts carry deduplication tokens that the view inherits (see
-- analytics-store.ts), so a replayed batch adds nothing here either. The view's `SELECT *` lists the
-- columns `events` had when it was created: a later migration that adds a column to `events` adds it here
-- too and recreates the view (as for performance_events, migration 0006).
CREATE TABLE IF NOT EXISTS action_events AS events
ENGINE = MergeTree
PARTITION BY toYYYYMM(timestamp)
ORDER BY (site_id, type, timestamp)
SETTINGS non_replicated_deduplication_window = 10000;

CREATE MATERIALIZED VIEW IF NOT EXISTS action_events_from_events TO action_events AS
SELECT * FROM events WHERE type NOT IN ('pageview', 'performance');

-- Rows stored before this migration; a rerun after an interruption skips those already copied.
INSERT INTO action_events
SELECT * FROM events
WHERE type NOT IN ('pageview', 'performance') AND event_id NOT IN (SELECT event_id FROM action_events);
