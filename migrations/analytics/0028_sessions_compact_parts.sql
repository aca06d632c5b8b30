-- `sessions` parts stay compact (all columns in one file) until they hold 64 MB uncompressed (the engine's
-- default: 10 MB). A merge reads each source part column by column, with a buffer and a decompressed block
-- per stream; `sessions` has about a hundred streams (its page, title and event maps, its journey, the
-- visitor attributes), so merging seven wide parts of 3-8 MB each held up to 220 MB, ten times their data,
-- during a million-row import (`system.merges`). A compact part is read as one stream: the same merges held
-- 8-54 MB (decision 0050). Larger parts, which merges make rarely, stay wide, as reports read them best.
ALTER TABLE sessions MODIFY SETTING min_bytes_for_wide_part = 67108864;
