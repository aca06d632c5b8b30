-- A min-max index on `sessions.first_at`, beside the one on `last_at` (migration 0004). A report's lookup of the
-- sessions crossing its range's start reads, among others, the sessions that started in the range's first timeout
-- with an event before the range (stats/edge-sessions.query.ts): without this index that read went through every
-- session of those 30 minutes (all of a short range, such as the last few minutes), though such sessions are rare;
-- with it, only the granules holding an event before the range's start. Parts written before this migration get
-- the index when a merge rewrites them; until then they are read as before (decision 0077).
ALTER TABLE sessions ADD INDEX IF NOT EXISTS first_at_range first_at TYPE minmax GRANULARITY 1;
