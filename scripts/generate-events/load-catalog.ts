// Reads and validates the generator's data tables (scripts/generate-events/data/*.json).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import {
  botsSchema,
  channelsSchema,
  devicesSchema,
  errorsSchema,
  geoSchema,
  interactionsSchema,
  pagesSchema,
  siteSchema,
  trafficSchema,
} from './catalog-schema.js';

export const CATALOG_DIR = join(dirname(fileURLToPath(import.meta.url)), 'data');

function readTable<T extends z.ZodType>(dir: string, file: string, schema: T): z.infer<T> {
  const parsed = schema.safeParse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
  if (!parsed.success) throw new Error(`Invalid ${file}: ${parsed.error.message}`);
  return parsed.data;
}

export function loadCatalog(dir = CATALOG_DIR) {
  return {
    site: readTable(dir, 'site.json', siteSchema),
    traffic: readTable(dir, 'traffic.json', trafficSchema),
    pages: readTable(dir, 'pages.json', pagesSchema),
    channels: readTable(dir, 'channels.json', channelsSchema),
    geo: readTable(dir, 'geo.json', geoSchema),
    devices: readTable(dir, 'devices.json', devicesSchema),
    interactions: readTable(dir, 'interactions.json', interactionsSchema),
    errors: readTable(dir, 'errors.json', errorsSchema),
    bots: readTable(dir, 'bots.json', botsSchema),
  };
}

export type Catalog = ReturnType<typeof loadCatalog>;
