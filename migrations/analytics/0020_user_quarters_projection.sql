-- Retention and the users list group every event of a range by person (`user_key_hash`, migration 0010):
-- 10 M events read and hashed into a few hundred thousand groups on each request. `user_quarters` is an
-- aggregate projection of `events`: per site, quarter hour and person, the first and last event, the
-- pageviews and the custom events, about one row per session. A query grouping by person over whole
-- quarter hours (src/stats/user-quarters.ts) reads it instead of the events; the engine picks it by itself.
-- Being part of `events`, it is written with every insert and merged with its parts, so it never lags.
--
-- A lightweight DELETE on a table with projections fails by default; `rebuild` makes it rewrite the
-- projection of every part it touches, so the data retention sweep, erasing a person's data and removing
-- an import keep the projection equal to the remaining events.
ALTER TABLE events MODIFY SETTING lightweight_mutation_projection_mode = 'rebuild';

ALTER TABLE events ADD PROJECTION IF NOT EXISTS user_quarters
(
    SELECT site_id, toStartOfFifteenMinutes(timestamp), user_key_hash,
        min(timestamp), max(timestamp), countIf(type = 'pageview'), countIf(type = 'custom_event')
    GROUP BY site_id, toStartOfFifteenMinutes(timestamp), user_key_hash
);

-- Builds the projection for the parts stored so far (rows deleted earlier are left out); the migration
-- waits for it.
ALTER TABLE events MATERIALIZE PROJECTION user_quarters SETTINGS mutations_sync = 1;
