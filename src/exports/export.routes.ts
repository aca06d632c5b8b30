// GET /api/sites/:site/export: a site's raw events (and, on request, bot events) streamed as NDJSON or CSV.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import { CSV_CONTENT_TYPE } from '../platform/http/csv-text.js';
import { BadRequestError, ForbiddenError } from '../platform/http/app-errors.js';
import type { Guards } from '../platform/http/guards.js';
import { principalOf, siteOf } from '../platform/http/guards.js';
import { principalHasScope } from '../platform/http/principal.js';
import { ANY_CREDENTIAL, SiteParams } from '../platform/http/route-docs.js';
import { resolveTimeRange } from '../stats/time-range.js';
import { exportStream, type ExportFormat } from './export-stream.js';
import { ExportQuerySchema, type ExportQuery } from './export.schema.js';

export interface ExportRoutesDeps {
  readonly guards: Guards;
  readonly analytics: AnalyticsStore;
  readonly clock: () => number;
}

function formatOf(query: ExportQuery, accept: string | undefined): ExportFormat {
  if (query.format) return query.format;
  return accept !== undefined && accept.toLowerCase().includes('text/csv') ? 'csv' : 'ndjson';
}

function fileName(siteId: number, query: ExportQuery, format: ExportFormat): string {
  const period = query.start_date && query.end_date ? `${query.start_date}-to-${query.end_date}` : 'all-time';
  return `loupe-site-${siteId}-${period}.${format}`;
}

export const exportRoutes: FastifyPluginAsyncZod<ExportRoutesDeps> = async (app, { guards, analytics, clock }) => {
  app.get('/api/sites/:site/export', {
    onRequest: guards.site({ scope: 'analytics:read' }),
    schema: {
      tags: ['Imports'],
      summary: "Export the site's raw events as NDJSON or CSV (streamed)",
      description:
        'Every stored human event of the range in (timestamp, event_id) order, then with `bots=true` every bot event; one line per ' +
        'event with the stored columns of its table; with `replays=true` (NDJSON only, needs replay:read too) the session recordings that start in ' +
        'the range follow (metadata, then batches). Formats and columns: docs/exports.md. Events still in the ingestion queue ' +
        '(about the last second) are not in it yet. Members of the organization only.',
      security: ANY_CREDENTIAL,
      params: SiteParams,
      querystring: ExportQuerySchema,
    },
  }, async (request, reply) => {
    const siteId = siteOf(request).siteId;
    const range = resolveTimeRange(request.query, new Date(clock()));
    const format = formatOf(request.query, request.headers.accept);
    const replays = request.query.replays === 'true';
    if (replays && format !== 'ndjson') throw new BadRequestError('replays=true exports NDJSON only (recordings do not fit CSV cells)');
    if (replays && !principalHasScope(principalOf(request), 'replay:read')) throw new ForbiddenError('replays=true needs the replay:read scope');
    reply
      .header('content-type', format === 'csv' ? CSV_CONTENT_TYPE : 'application/x-ndjson; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName(siteId, request.query, format)}"`)
      .header('cache-control', 'no-store');
    return reply.send(exportStream(analytics, { siteId, range, format, bots: request.query.bots === 'true', replays }));
  });
};
