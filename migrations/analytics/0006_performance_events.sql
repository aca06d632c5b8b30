-- Web-vitals samples (events of type 'performance') are about a quarter of all events on a typical site,
-- spread through every granule of `events`, so a performance report read the vitals columns of every
-- granule to find them. `performance_events` keeps a copy of just those rows, with the same columns (the
-- stats engine's filters apply unchanged), filled by a materialized view on every insert into `events`.
-- Inserts carry deduplication tokens that the view inherits (see analytics-store.ts), so a replayed batch
-- adds nothing here either. The view's `SELECT *` lists the columns `events` had when it was created: a
-- later migration that adds a column to `events` adds it here too and recreates the view.
CREATE TABLE IF NOT EXISTS performance_events AS events
ENGINE = MergeTree
PARTITION BY toYYYYMM(timestamp)
ORDER BY (site_id, timestamp)
SETTINGS non_replicated_deduplication_window = 10000;

CREATE MATERIALIZED VIEW IF NOT EXISTS performance_events_from_events TO performance_events AS
SELECT * FROM events WHERE type = 'performance';

-- Samples stored before this migration; a rerun after an interruption skips those already copied.
INSERT INTO performance_events
SELECT * FROM events
WHERE type = 'performance' AND event_id NOT IN (SELECT event_id FROM performance_events);
