// The answers of /overview and /overview/time-series: the figures are declared here and typed from here.
import { z } from 'zod';

export const OverviewFiguresSchema = z.object({
  sessions: z.number().int(),
  pageviews: z.number().int(),
  users: z.number().int(),
  pages_per_session: z.number().describe('pageviews per session, 2 decimals'),
  bounce_rate: z.number().describe('percent of the sessions with exactly one pageview, 2 decimals'),
  session_duration: z.number().describe('mean seconds from the first to the last event of a session, 2 decimals'),
});

export type OverviewFigures = z.output<typeof OverviewFiguresSchema>;

export const OverviewResponseSchema = z.object({ data: OverviewFiguresSchema });

export const OverviewTimeSeriesResponseSchema = z.object({
  data: z.array(z.object({ time: z.string().describe('bucket start, YYYY-MM-DD HH:MM:SS in time_zone'), ...OverviewFiguresSchema.shape })),
});
