// Wires the imports feature: the service (the store side, the mapping thread, the per-organization limits) and
// the routes, after clearing what uploads cut short by a stop left behind; returns the service (the app closes it).
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import type { Guards } from '../platform/http/guards.js';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import { ImportService, type ImportLimits } from './import-service.js';
import { ImportRepository } from './import.repository.js';
import { ImportedRowsRepository } from './imported-rows.repository.js';
import { importsRoutes } from './imports.routes.js';
import { inlineImportMapper, WorkerImportMapper } from './mapping/import-mapper.js';
import { clearUploadLeftovers } from './upload/upload-leftovers.js';

export interface ImportsModuleDeps {
  readonly guards: Guards;
  readonly db: Kysely<MetadataDatabase>;
  readonly analytics: AnalyticsStore;
  readonly clock: () => number;
  readonly dataDir: string;
  /** IMPORT_MAPPING_THREAD: map rows on a worker thread (off the event loop). */
  readonly mappingThread: boolean;
  /** BACKGROUND_THREAD_NICENESS: how much nicer than the event loop the mapping thread runs. */
  readonly mappingThreadNiceness: number;
  readonly limits: ImportLimits;
  readonly uploadMaxBytes: number;
  /** Whether tracking spools have work waiting: an import slice yields to them. */
  readonly trackingBehind: () => boolean;
}

export async function registerImports(app: FastifyInstance, deps: ImportsModuleDeps): Promise<ImportService> {
  const imports = new ImportService(new ImportRepository(deps.db), new ImportedRowsRepository(deps.analytics), deps.clock, {
    mapper: deps.mappingThread ? new WorkerImportMapper(deps.mappingThreadNiceness) : inlineImportMapper,
    limits: deps.limits,
    trackingBehind: deps.trackingBehind,
  });
  const uploadDir = join(deps.dataDir, 'import-uploads');
  const leftovers = await clearUploadLeftovers(uploadDir, imports);
  if (leftovers.removed > 0) app.log.warn(leftovers, 'removed what uploads cut short by a stop left in DATA_DIR/import-uploads; their imports were deleted');
  await app.register(importsRoutes, { guards: deps.guards, imports, uploadDir, uploadMaxBytes: deps.uploadMaxBytes });
  return imports;
}
