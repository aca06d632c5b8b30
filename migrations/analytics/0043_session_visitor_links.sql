-- Links between a visitor's sessions, so the overview counts a range's visitors without sorting every session's
-- visitor hash (decision 0085): a range's visitors are its sessions whose visitor's previous session started before it.
--
-- `visitor_link` is written by the link job (stats/visitor-links.ts) as one extra row per session, merged into the
-- session's row by FINAL: (the job run's version, the visitor hash the link was computed for, the start of that
-- visitor's previous session, 1970 for none). The largest version wins, so a later run corrects a link. A link
-- whose hash differs from the merged `user_hash` is stale (the session's smallest visitor hash changed since). Rows
-- written by the view leave it at (0, 0, 1970): no link. The link row holds every other column at a value its
-- aggregate ignores, except the columns deletes select rows by, which it copies from the merged row so that it goes
-- with its session.
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS visitor_link SimpleAggregateFunction(max, Tuple(UInt64, UInt64, DateTime64(3, 'UTC')));

-- One row per link run and per delete of a site's sessions, added up per site: the newest run's version and
-- watermark (every session that started before it and was stored when the run read was linked), and the newest
-- delete's time (a link made before it may point at a deleted session, so no link counts until a run after it).
CREATE TABLE IF NOT EXISTS session_link_runs
(
    site_id UInt32,
    linked_before SimpleAggregateFunction(max, DateTime64(3, 'UTC')),
    version SimpleAggregateFunction(max, UInt64),
    stale_at SimpleAggregateFunction(max, UInt64)
)
ENGINE = AggregatingMergeTree
ORDER BY site_id;
