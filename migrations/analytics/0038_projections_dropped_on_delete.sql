-- The engine's `rebuild` mode for lightweight deletes (set by migration 0020) does not leave the rows out: the
-- projections of a part touched by a DELETE were rebuilt from every row of the part, the deleted ones included,
-- so a read the engine answered from a projection (retention and users from `user_quarters`, funnels from
-- `events_by_type_and_path`, AI referrals from `events_by_channel`) still counted events that the data retention
-- sweep, erasing a person's data or removing an import had deleted (decision 0068). `drop` removes the
-- projections of the parts a DELETE touches instead: those parts are read from the table itself until their next
-- merge builds the projections again from the rows that remain.
ALTER TABLE events MODIFY SETTING lightweight_mutation_projection_mode = 'drop';

-- Parts deleted from before this migration: their deleted rows are removed for good (only parts with deleted
-- rows are rewritten), which builds their projections again from the rows that remain; the migration waits.
ALTER TABLE events APPLY DELETED MASK SETTINGS mutations_sync = 1;
