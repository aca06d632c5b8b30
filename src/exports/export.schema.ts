// The raw export's query parameters.
import { z } from 'zod';
import { commonParamsSchema } from '../stats/common-params.schema.js';

export const ExportQuerySchema = commonParamsSchema
  .pick({ start_date: true, end_date: true, time_zone: true })
  .extend({
    format: z.enum(['ndjson', 'csv']).optional().describe('ndjson (default) or csv; without it, `Accept: text/csv` chooses csv'),
    bots: z.enum(['true', 'false']).optional().describe('true adds the bot events after the human ones'),
    replays: z.enum(['true', 'false']).optional().describe('true adds the session recordings that start in the range at the end (NDJSON only; needs replay:read)'),
  })
  .strict();

export type ExportQuery = z.output<typeof ExportQuerySchema>;
