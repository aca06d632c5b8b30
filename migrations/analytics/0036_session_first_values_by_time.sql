-- The breakdowns by a session's first channel, country, browser and hostname read its `first_*` columns: each
-- value after its event's 23-character time, so that `min` keeps the first. Those strings hardly compress, and
-- reading five of them and cutting the time off cost about 300 ms of CPU of the 30-day pass on the 10 M-event set
-- (decision 0058). Each now has a twin holding (time, value): the same order as the string, so `min` keeps the
-- same value, with the time stored as a number and the value alone. The engine refuses a `LowCardinality` value
-- inside a `min` tuple, so the value is a plain string; without the time in front it compresses well.
--
-- MATERIALIZED from the row's own string when the row is written, so the view of migration 0016 and every insert
-- into `sessions` (erasure, the retention sweep and imports rebuild sessions through the view) fill them without
-- naming them. A string's '~' (the neutral value of `min`: no event qualified) becomes the largest time with '';
-- '' (never written; the smallest string) the smallest time with '', so the order holds for every string.
ALTER TABLE sessions
    ADD COLUMN IF NOT EXISTS first_channel_by_time SimpleAggregateFunction(min, Tuple(DateTime64(3, 'UTC'), String))
        MATERIALIZED multiIf(first_channel = '~', (toDateTime64('2299-12-31 23:59:59.999', 3, 'UTC'), ''), first_channel = '', (toDateTime64('1900-01-01 00:00:00.000', 3, 'UTC'), ''), (toDateTime64OrZero(substring(first_channel, 1, 23), 3, 'UTC'), substring(first_channel, 24))),
    ADD COLUMN IF NOT EXISTS first_informative_channel_by_time SimpleAggregateFunction(min, Tuple(DateTime64(3, 'UTC'), String))
        MATERIALIZED multiIf(first_informative_channel = '~', (toDateTime64('2299-12-31 23:59:59.999', 3, 'UTC'), ''), first_informative_channel = '', (toDateTime64('1900-01-01 00:00:00.000', 3, 'UTC'), ''), (toDateTime64OrZero(substring(first_informative_channel, 1, 23), 3, 'UTC'), substring(first_informative_channel, 24))),
    ADD COLUMN IF NOT EXISTS first_country_by_time SimpleAggregateFunction(min, Tuple(DateTime64(3, 'UTC'), String))
        MATERIALIZED multiIf(first_country = '~', (toDateTime64('2299-12-31 23:59:59.999', 3, 'UTC'), ''), first_country = '', (toDateTime64('1900-01-01 00:00:00.000', 3, 'UTC'), ''), (toDateTime64OrZero(substring(first_country, 1, 23), 3, 'UTC'), substring(first_country, 24))),
    ADD COLUMN IF NOT EXISTS first_browser_by_time SimpleAggregateFunction(min, Tuple(DateTime64(3, 'UTC'), String))
        MATERIALIZED multiIf(first_browser = '~', (toDateTime64('2299-12-31 23:59:59.999', 3, 'UTC'), ''), first_browser = '', (toDateTime64('1900-01-01 00:00:00.000', 3, 'UTC'), ''), (toDateTime64OrZero(substring(first_browser, 1, 23), 3, 'UTC'), substring(first_browser, 24))),
    ADD COLUMN IF NOT EXISTS first_hostname_by_time SimpleAggregateFunction(min, Tuple(DateTime64(3, 'UTC'), String))
        MATERIALIZED multiIf(first_hostname = '~', (toDateTime64('2299-12-31 23:59:59.999', 3, 'UTC'), ''), first_hostname = '', (toDateTime64('1900-01-01 00:00:00.000', 3, 'UTC'), ''), (toDateTime64OrZero(substring(first_hostname, 1, 23), 3, 'UTC'), substring(first_hostname, 24)));

-- Rows stored so far get them from their strings (a merged row's string is already its rows' min). The migration
-- waits for the rewrite.
ALTER TABLE sessions MATERIALIZE COLUMN first_channel_by_time, MATERIALIZE COLUMN first_informative_channel_by_time,
    MATERIALIZE COLUMN first_country_by_time, MATERIALIZE COLUMN first_browser_by_time, MATERIALIZE COLUMN first_hostname_by_time
    SETTINGS mutations_sync = 1;
