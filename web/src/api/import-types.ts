// The API shapes of the imports page: from the generated schema.d.ts (the import routes declare their answers).
import type { AnswerOf, GetResponse } from './types';

export type SiteImport = GetResponse<'/api/sites/{site}/imports'>['data'][number];
export type ImportPlatform = SiteImport['platform'];
export type UploadedImport = AnswerOf<'/api/sites/{site}/imports/{importId}/file', 'put'>['data'];
export type SkippedCounts = SiteImport['skipped'];
