// A /metric breakdown with the imported daily aggregates of its dimension added, value by value.
import type { Dimension } from '../../stats/dimensions.js';
import { importedAggregatesApply, importedBreakdownSql } from '../../stats/imported-aggregates.js';
import type { SqlFragment } from '../../stats/sql-fragment.js';
import type { StatsQuery } from '../../stats/stats-query.js';
import { breakdownKindOf } from './metric-breakdown-sql.js';

/**
 * The breakdown's rows plus the imported rows of the same values (new values appear as rows of their own),
 * with `bounce_base`: the sessions whose bounces are known, so imported visits without bounce figures do
 * not lower a bounce rate. Unchanged when a filter applies or the dimension has no imported report.
 */
export function withImportedAggregates(query: StatsQuery, dimension: Dimension, grouped: SqlFragment): SqlFragment {
  const withDuration = breakdownKindOf(dimension) !== 'page';
  const imported = importedAggregatesApply(query) ? importedBreakdownSql(query, dimension.name, withDuration) : undefined;
  if (!imported) return grouped;
  const duration = withDuration ? ', duration_sum' : '';
  return {
    sql: `
  SELECT value, sum(count) AS count, sum(sessions) AS sessions, sum(pageviews) AS pageviews, sum(bounces) AS bounces,
    sum(bounce_base) AS bounce_base${withDuration ? ', sum(duration_sum) AS duration_sum' : ''}
  FROM (
    SELECT value, toUInt64(count) AS count, toUInt64(sessions) AS sessions, toUInt64(pageviews) AS pageviews, toUInt64(bounces) AS bounces,
      toUInt64(sessions) AS bounce_base${withDuration ? ', toFloat64(duration_sum) AS duration_sum' : ''}
    FROM (${grouped.sql})
    UNION ALL
    SELECT value, count, sessions, pageviews, bounces, bounce_base${duration} FROM (${imported.sql})
  )
  GROUP BY value`,
    params: { ...grouped.params, ...imported.params },
  };
}
