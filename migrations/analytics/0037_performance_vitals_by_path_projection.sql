-- `/performance/by-dimension` by path gathers every web-vitals sample of the range into one array per path and
-- vital for its exact quantiles (decision 0061): 7.5 M samples of 1.66 M rows on the 10 M-event set, read from
-- `performance_events` in time order, so each block scatters its samples over the paths' arrays, and each part
-- is read among the table's other columns. `vitals_by_path` keeps the site, path, time and the five vitals again,
-- ordered by site, path and time: a path's samples arrive together, from a part of eight columns. The engine reads
-- it by itself for a query that needs no other column and reads no more granules there (decision 0065: about a
-- fifth less CPU for the report on the 10 M-event set; 38 MiB beside the table's 193 MiB).
--
-- Being part of `performance_events`, it is written with every insert and merged with its parts, so it never
-- lags. A lightweight DELETE on a table with a projection fails by default. `rebuild` (migration 0020's choice for
-- `events`) left the deleted samples in the projection in this engine (chDB 26), and reads that picked it counted
-- them (decision 0065); `drop` removes the projection from every part a DELETE touches, so the data retention
-- sweep, erasing a person's data, removing an import and deleting a site leave those parts read from the table
-- itself, with the right answer, until a merge writes them anew with their projection.
ALTER TABLE performance_events MODIFY SETTING lightweight_mutation_projection_mode = 'drop';

ALTER TABLE performance_events ADD PROJECTION IF NOT EXISTS vitals_by_path
(
    SELECT site_id, pathname, timestamp, lcp, cls, inp, fcp, ttfb
    ORDER BY site_id, pathname, timestamp
);

-- Builds the projection for the parts stored so far; the migration waits for it.
ALTER TABLE performance_events MATERIALIZE PROJECTION vitals_by_path SETTINGS mutations_sync = 1;
