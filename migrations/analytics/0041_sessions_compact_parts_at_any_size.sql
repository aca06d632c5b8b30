-- `sessions` parts stay compact (all columns in one file) at any size a site reaches (up to 4 GiB uncompressed; the
-- 64 MB of migration 0028 before). `sessions` is an AggregatingMergeTree, so every merge of it is horizontal: it
-- reads all its ~100 streams (maps, journeys, visitor attributes) of every source part at once, each with a read
-- buffer and a decompressed block. In an hour at 1,000 tracking calls/s its parts passed 64 MB after a few minutes
-- and its merges then held 206-236 MB on average, most of the embedded store's 512 MB ceiling: inserts and report
-- reads met MEMORY_LIMIT_EXCEEDED. Merging the 8 parts of the 10 M-event set's November (1.45 M sessions, 477 MB on
-- disk) held 426 MB more than before it as wide parts and 220 MB as compact ones; the overview's read of that
-- month took the same CPU from either (decision 0075).
ALTER TABLE sessions MODIFY SETTING min_bytes_for_wide_part = 4294967296;
