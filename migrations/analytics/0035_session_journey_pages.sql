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
