// Rybbit's import API: create and list a site's imports, post batches of rows, delete an import;
// and Loupe's upload of a whole export file to an import (the dashboard's imports page).
import { Readable } from 'node:stream';
import { validatorCompiler, type FastifyPluginAsyncZod, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { BadRequestError } from '../platform/http/app-errors.js';
import type { Guards } from '../platform/http/guards.js';
import { siteOf } from '../platform/http/guards.js';
import { ANY_CREDENTIAL, SiteParams, SuccessSchema } from '../platform/http/route-docs.js';
import { utcSqlTime } from '../platform/metadata-store/iso-time.js';
import type { ImportService } from './import-service.js';
import {
  BatchBodySchema, BatchResponseSchema, CreateImportBodySchema, CreateImportResponseSchema, ImportListResponseSchema, ImportPathParams, MAX_BATCH_BYTES,
  UploadQuerySchema, UploadResponseSchema,
} from './import.schema.js';
import { importUploadedFile } from './upload/import-upload.js';

export interface ImportsRoutesDeps {
  readonly guards: Guards;
  readonly imports: ImportService;
  /** Where uploaded files wait while they are read (a private folder of DATA_DIR). */
  readonly uploadDir: string;
  readonly uploadMaxBytes: number;
}

const ADMIN_WRITE = { scope: 'imports:write', role: 'admin' } as const;

export const importsRoutes: FastifyPluginAsyncZod<ImportsRoutesDeps> = async (app, { guards, imports, uploadDir, uploadMaxBytes }) => {
  app.get('/api/sites/:site/imports', {
    onRequest: guards.site({ scope: 'imports:read', role: 'admin' }),
    schema: {
      tags: ['Imports'], summary: 'A site\'s imports, newest first, with their progress counts (admin)',
      security: ANY_CREDENTIAL, params: SiteParams, response: { 200: ImportListResponseSchema },
    },
  }, async (request) => {
    const records = await imports.list(siteOf(request).siteId);
    return {
      data: records.map(({ siteId: _siteId, skippedReasons, startedAt, completedAt, ...record }) => ({
        ...record, skipped: skippedReasons, status: completedAt === null ? ('running' as const) : ('completed' as const),
        startedAt: utcSqlTime(startedAt), completedAt: completedAt === null ? null : utcSqlTime(completedAt),
      })),
    };
  });

  app.post('/api/sites/:site/imports', {
    onRequest: guards.site(ADMIN_WRITE),
    schema: {
      tags: ['Imports'], summary: 'Start an import of another tool\'s data into the site (admin)',
      description: 'Answers the import id to post batches to. Any day up to today is accepted (no plan window on a self-hosted instance).',
      security: ANY_CREDENTIAL, params: SiteParams, body: CreateImportBodySchema, response: { 200: CreateImportResponseSchema },
    },
  }, async (request) => ({ data: await imports.start(siteOf(request).siteId, request.body.platform) }));

  // The batch's body reaches the mapping thread as bytes: this route parses JSON there, not on the event loop
  // (its schema still documents the body, which the thread checks against the same schema).
  await app.register(async (batches) => {
    batches.removeContentTypeParser('application/json');
    batches.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: MAX_BATCH_BYTES }, (_request, body, done) => done(null, body));
    batches.setValidatorCompiler<z.ZodType>((route) => (route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route)));
    batches.withTypeProvider<ZodTypeProvider>().post('/api/sites/:site/imports/:importId/events', {
      onRequest: guards.site(ADMIN_WRITE),
      bodyLimit: MAX_BATCH_BYTES,
      schema: {
        tags: ['Imports'], summary: 'Store a batch of rows of an import, all or nothing (admin)',
        description:
          'Every row is validated first: any bad row makes the whole batch a 400 naming each bad row (its index in `events`) ' +
          'and field, and nothing of the batch is stored. Rows already stored for the site (the same row from this or an earlier ' +
          'import, recognised by a content-derived id) and rows in the future are skipped and counted. `isLastBatch` completes ' +
          'the import; repeating a final batch after completion stores nothing and succeeds. An organization\'s batches are ' +
          'stored one at a time (IMPORT_ORGANIZATION_CONCURRENCY); past its rows per 24 hours (IMPORT_DAILY_ROW_QUOTA) a batch is a 429.',
        security: ANY_CREDENTIAL, params: ImportPathParams, body: BatchBodySchema, response: { 200: BatchResponseSchema },
      },
    }, async (request) => {
      const body: unknown = request.body;
      if (!(body instanceof Uint8Array)) throw new BadRequestError('Invalid body: expected a JSON object with events');
      return { data: await imports.addBody(siteOf(request), request.params.importId, body) };
    });
  });

  // The file's bytes stream to disk as they arrive (never held in memory), then are read as `loupe import` reads a file.
  await app.register(async (uploads) => {
    uploads.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    uploads.withTypeProvider<ZodTypeProvider>().put('/api/sites/:site/imports/:importId/file', {
      onRequest: guards.site(ADMIN_WRITE),
      schema: {
        tags: ['Imports'], summary: 'Upload a whole export file to a running import and import it (admin)',
        description:
          'The body is the file as `application/octet-stream`, in the format of the import\'s platform (umami, simple_analytics, ' +
          'plausible_csv, loupe, ga4, posthog or matomo, as `loupe import` reads them), at most IMPORT_UPLOAD_MAX_MB (a 413 past it). ' +
          'The answer comes when every row is stored; meanwhile the import\'s counts in the list grow batch by batch. A bad file is a ' +
          '400 naming its line, and the import is deleted with every row it stored: nothing of the file stays.',
        security: ANY_CREDENTIAL, params: ImportPathParams, querystring: UploadQuerySchema, response: { 200: UploadResponseSchema },
      },
    }, async (request) => {
      const body: unknown = request.body;
      if (!(body instanceof Readable)) throw new BadRequestError('Send the file as the body, with Content-Type application/octet-stream');
      const data = await importUploadedFile(imports, siteOf(request), request.params.importId, {
        body, name: request.query.name ?? 'upload', dir: uploadDir, maxBytes: uploadMaxBytes,
      });
      return { data };
    });
  });

  app.delete('/api/sites/:site/imports/:importId', {
    onRequest: guards.site(ADMIN_WRITE),
    schema: {
      tags: ['Imports'], summary: 'Delete an import and exactly the rows it stored (admin)',
      description: 'Removes the import\'s events, the sessions built from them, their copies and its daily aggregates; other data is untouched. A running import may be deleted (its client abandons it).',
      security: ANY_CREDENTIAL, params: ImportPathParams, response: { 200: SuccessSchema },
    },
  }, async (request) => {
    await imports.remove(siteOf(request).siteId, request.params.importId);
    return { success: true as const };
  });
};
