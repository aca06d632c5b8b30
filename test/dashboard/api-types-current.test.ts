// The dashboard's committed API types are those of the current OpenAPI document: a route change without
// regenerating web/src/api/schema.d.ts fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readOpenApiDocument, SCHEMA_TYPES_PATH, schemaTypesOf } from '../../web/scripts/generate-api-types.js';

describe('web/src/api/schema.d.ts', () => {
  it('matches the types generated from /api/openapi.json (regenerate: npx tsx web/scripts/generate-api-types.ts)', async () => {
    const generated = await schemaTypesOf(await readOpenApiDocument());
    expect(readFileSync(SCHEMA_TYPES_PATH, 'utf8') === generated).toBe(true);
  });
});
