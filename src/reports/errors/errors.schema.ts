// The answers of the error reports, declared so the OpenAPI document (and the dashboard's types) describe them.
import { z } from 'zod';

const ErrorNameSchema = z.object({
  value: z.string().describe('the error message'),
  errorName: z.string().describe('the error type of the latest occurrence'),
  count: z.number().int(),
  sessionCount: z.number().int(),
  percentage: z.number().describe('share of all error occurrences in the range (%, 2 decimals)'),
});

const ErrorEventSchema = z.object({
  timestamp: z.string().describe('ISO 8601 UTC'),
  session_id: z.string(),
  user_id: z.string(),
  identified_user_id: z.string(),
  pathname: z.string(),
  hostname: z.string(),
  page_title: z.string(),
  referrer: z.string(),
  browser: z.string(),
  browser_version: z.string(),
  operating_system: z.string(),
  operating_system_version: z.string(),
  device_type: z.string(),
  country: z.string(),
  region: z.string(),
  city: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  fileName: z.string().nullable(),
  lineNumber: z.number().int().nullable(),
  columnNumber: z.number().int().nullable(),
  has_replay: z.number().int().describe('1 when the occurrence\'s session has a recording to play, else 0'),
});

/** `{data: rows}` without `page`, `{data: {data: rows, totalCount}}` with it. */
const pagedAnswerSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({ data: z.union([z.array(row), z.object({ data: z.array(row), totalCount: z.number().int() })]) });

export const ErrorNamesAnswerSchema = pagedAnswerSchema(ErrorNameSchema);
export const ErrorEventsAnswerSchema = pagedAnswerSchema(ErrorEventSchema);
export const ErrorTimeSeriesAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(z.object({ time: z.string().describe('bucket start, ISO 8601 UTC'), error_count: z.number().int() })),
});
