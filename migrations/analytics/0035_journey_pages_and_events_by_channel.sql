-- Journeys (the first `steps` pages of each session, repeats of a page in a row counted once) read every session's
-- `journey` pairs, sorted and cut them at each request: about 60 % of the report's time on the 10 M-event set
-- (decision 0060). Three columns keep that work done once per row, computed from the row's own `journey` when the
-- row is written (MATERIALIZED: the view of migration 0016 and every insert into `sessions` fill them without
-- naming them, so erasure, the retention sweep and imports, which rebuild sessions through the view, keep them):
--
-- `journey_pages`: the row's first ten pages in time order (then path), repeats in a row collapsed, joined by a
--   newline; '' for a row without pageviews.
-- `journey_steps`: how many pages `journey_pages` holds (0..10).
-- `journey_parts`: 1 for a row with pageviews, 0 for one without, plus 1 when one of its paths holds a newline
--   (its joined pages could not be split back). Merged rows add up, so a session's `journey_pages` stands for its
--   whole journey only where the sum is 1: exactly one row with pageviews, whose pages are the session's. Rows
--   without pageviews give '' and 0 steps, which the max of the other row's values wins over. Where the sum is
--   more (a session whose pageviews came in several inserts), the report sorts `journey` as before.
ALTER TABLE sessions
    ADD COLUMN IF NOT EXISTS journey_pages SimpleAggregateFunction(max, String)
        MATERIALIZED arrayStringConcat(arraySlice(arrayCompact(arraySort(journey).2), 1, 10), '\n'),
    ADD COLUMN IF NOT EXISTS journey_steps SimpleAggregateFunction(max, UInt8)
        MATERIALIZED toUInt8(length(arraySlice(arrayCompact(arraySort(journey).2), 1, 10))),
    ADD COLUMN IF NOT EXISTS journey_parts SimpleAggregateFunction(sum, UInt64)
        MATERIALIZED toUInt64(notEmpty(journey)) + toUInt64(arrayExists(page -> position(page.2, '\n') > 0, journey));

-- Rows stored so far get them from their `journey` (a merged row's holds all its rows' pairs, so it counts as one
-- part, rightly). The migration waits for the rewrite.
ALTER TABLE sessions MATERIALIZE COLUMN journey_pages, MATERIALIZE COLUMN journey_steps, MATERIALIZE COLUMN journey_parts
    SETTINGS mutations_sync = 1;

-- The AI summary's referrals read the first informative row (channel other than Direct and Internal) of each
-- candidate session: the channel, time, session and referrer of every such event of the range, from `events`
-- ordered by time, so every granule (about 400 ms CPU of the report's 500 on the 10 M-event set, decision 0060).
-- `events_by_channel` keeps those five columns again, ordered by site, channel and time: the informative rows are
-- then the ranges of their channels. The engine reads it by itself for a query that needs no other column of
-- `events` and reads fewer granules there. Being part of `events`, it is written with every insert and merged
-- with its parts, and the data retention sweep, erasing a person's data and removing an import rebuild it (the
-- delete mode of migration 0020), as they do `events_by_type_and_path` (migration 0031).
ALTER TABLE events ADD PROJECTION IF NOT EXISTS events_by_channel
(
    SELECT site_id, channel, timestamp, session_id, referrer
    ORDER BY site_id, channel, timestamp
);

-- Builds the projection for the parts stored so far; the migration waits for it.
ALTER TABLE events MATERIALIZE PROJECTION events_by_channel SETTINGS mutations_sync = 1;
