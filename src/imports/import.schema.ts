// Request and response bodies of the import routes (Rybbit's shapes, plus Loupe's counts).
import { z } from 'zod';
import { IMPORT_PLATFORMS } from './import-platforms.js';
import { SKIP_REASONS } from './mapped-row.js';

/** Rybbit accepts request bodies up to 50 MB per batch; so does Loupe. */
export const MAX_BATCH_BYTES = 50 * 1024 * 1024;
export const MAX_BATCH_ROWS = 100_000;

export const ImportPathParams = z.object({
  site: z.string().min(1).describe('Numeric siteId or 12-character hex public id'),
  importId: z.uuid({ message: 'Expected a UUID' }).describe('the import, as its creation answered'),
});

export const CreateImportBodySchema = z.object({
  platform: z.enum(IMPORT_PLATFORMS).describe(
    'umami, simple_analytics and plausible take Rybbit\'s row shapes; loupe takes Loupe raw events (one stored events row each); plausible_csv takes the rows of a Plausible CSV export, each naming its report; ga4 takes the rows of Google Analytics 4\'s BigQuery export (events_* tables as JSON); posthog takes PostHog\'s events export (its batch export\'s events model); matomo takes one row per action of Matomo\'s visit log (a visit\'s fields with the action under `action`)',
  ),
});

export const CreateImportResponseSchema = z.object({
  data: z.object({
    importId: z.string(),
    allowedDateRange: z.object({ earliestAllowedDate: z.string(), latestAllowedDate: z.string() }),
  }),
});

export const BatchBodySchema = z.object({
  events: z.array(z.unknown()).max(MAX_BATCH_ROWS, `At most ${MAX_BATCH_ROWS} rows per batch`).describe('rows in the import platform\'s shape'),
  isLastBatch: z.boolean().optional().describe('true on the final batch: completes the import'),
});

const SkippedSchema = z.object(Object.fromEntries(SKIP_REASONS.map((reason) => [reason, z.number().optional()])) as Record<(typeof SKIP_REASONS)[number], z.ZodOptional<z.ZodNumber>>);

export const BatchResponseSchema = z.object({
  data: z.object({
    importedEvents: z.number().describe('rows stored by this batch'),
    skippedEvents: z.number().describe('valid rows not stored'),
    skipped: SkippedSchema.describe('skipped rows per reason'),
  }),
});

export const ImportListResponseSchema = z.object({
  data: z.array(z.object({
    importId: z.string(),
    platform: z.enum(IMPORT_PLATFORMS),
    status: z.enum(['running', 'completed']),
    importedEvents: z.number(),
    skippedEvents: z.number(),
    invalidEvents: z.number().describe('always 0: a batch with an invalid row is refused whole'),
    skipped: SkippedSchema,
    startedAt: z.string().describe('`YYYY-MM-DD HH:MM:SS` UTC (Rybbit\'s form)'),
    completedAt: z.string().nullable().describe('`YYYY-MM-DD HH:MM:SS` UTC; null while the import runs'),
  })),
});

export const UploadQuerySchema = z.object({
  name: z.string().regex(/^[\w -][\w. -]{0,99}$/, 'Expected a file name of letters, digits, spaces, dots, dashes and underscores, not starting with a dot (at most 100)').optional()
    .describe('the file\'s name, used in messages that name a line of it'),
});

export const UploadResponseSchema = z.object({
  data: z.object({
    importId: z.string(),
    rowsRead: z.number().describe('rows read from the file'),
    importedEvents: z.number().describe('rows stored'),
    skippedEvents: z.number().describe('valid rows not stored'),
    skipped: SkippedSchema.describe('skipped rows per reason'),
  }),
});
