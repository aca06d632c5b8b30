-- Page paths, page titles and custom event names repeat a few hundred to a few thousand values per site, so
-- they are stored as LowCardinality: a part keeps each distinct value once in a dictionary and the rows as
-- small indexes. Comparisons, regex matches and GROUP BY then run once per distinct value instead of once
-- per row (goal conditions, pathname filters and breakdowns read these columns on every report).
-- Values are stored and read back unchanged whatever their number; a site with very many distinct paths
-- gains less, as its dictionaries grow (measured here only on the benchmark's few hundred paths). The
-- conversion rewrites the columns once (about 3 s per 10 M events on 2 cores) and waits for it, so
-- reports never read a half-converted table.
ALTER TABLE events
    MODIFY COLUMN pathname LowCardinality(String),
    MODIFY COLUMN page_title LowCardinality(String),
    MODIFY COLUMN event_name LowCardinality(String)
SETTINGS mutations_sync = 1;

ALTER TABLE bot_events
    MODIFY COLUMN pathname LowCardinality(String),
    MODIFY COLUMN event_name LowCardinality(String)
SETTINGS mutations_sync = 1;
