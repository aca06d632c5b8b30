// The answers of /metric and /page-titles: one ranked page of rows and the row count of the whole breakdown.
import { z } from 'zod';

export const MetricEntrySchema = z.object({
  value: z.string(),
  count: z.number().int().describe('sessions (custom event occurrences for event_name)'),
  percentage: z.number().describe('share of the summed counts, percent, 2 decimals'),
  sessions: z.number().int(),
  pageviews: z.number().int(),
  pageviews_percentage: z.number().describe('share of the summed pageviews, percent, 2 decimals'),
  bounce_rate: z.number().describe("percent of the entry's sessions with exactly one pageview, 2 decimals"),
  avg_session_duration: z
    .number()
    .optional()
    .describe("mean seconds from the first to the last event of the entry's sessions; absent for pathname, page_title and querystring"),
  time_on_page_seconds: z
    .number()
    .optional()
    .describe('pathname only: mean engaged seconds per page visit of the path (visible and active, from the tracker\'s engagement events; 0 when none), 2 decimals'),
});

export type MetricEntry = z.output<typeof MetricEntrySchema>;

export const PageTitleEntrySchema = z.object({
  value: z.string().describe("the page title ('' when the page sent none)"),
  pathname: z.string(),
  count: z.number().int().describe('sessions that viewed the page with this title'),
  percentage: z.number().describe('share of the summed counts, percent, 2 decimals'),
  pageviews: z.number().int(),
  bounce_rate: z.number().describe("percent of the row's sessions whose only pageview in the period (matching the filters) it was, 2 decimals"),
  time_on_page_seconds: z
    .number()
    .describe("the path's mean engaged seconds per page visit (visible and active, from the tracker's engagement events; 0 when none), as on /metric's path rows, 2 decimals"),
});

export type PageTitleEntry = z.output<typeof PageTitleEntrySchema>;

/** `{data: {data: rows, totalCount}}`: one page of rows and how many rows the whole breakdown has. */
const rankedPageAnswer = <Row extends z.ZodType>(row: Row) =>
  z.object({ data: z.object({ data: z.array(row), totalCount: z.number().int().describe('rows in the whole breakdown') }) });

export const MetricResponseSchema = rankedPageAnswer(MetricEntrySchema);
export const PageTitlesResponseSchema = rankedPageAnswer(PageTitleEntrySchema);

/** `{data: [{parameter, data, totalCount}]}`: one /metric answer per requested breakdown, in the order asked. */
export const BreakdownsResponseSchema = z.object({
  data: z.array(z.object({ parameter: z.string(), data: z.array(MetricEntrySchema), totalCount: z.number().int().describe('rows in the whole breakdown') })),
});
