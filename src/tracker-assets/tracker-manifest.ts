// The tracker build's manifest (tracker/dist/manifest.json): each built file's size and sha256, and the source hash.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** A bare file name such as `script.js` or `web-vitals.js`: it becomes a URL path and a file path. */
export const TRACKER_FILE_NAME = /^[a-z0-9][a-z0-9-]{0,63}\.js$/;

export const TrackerManifestSchema = z.object({
  files: z
    .record(z.string().regex(TRACKER_FILE_NAME), z.object({ bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) }))
    .refine((files) => 'script.js' in files, 'must list script.js'),
  sourceHash: z.string().min(1),
});

export type TrackerManifest = z.infer<typeof TrackerManifestSchema>;

export const MANIFEST_FILE = 'manifest.json';

/** The manifest in `distDir`, or undefined when it is missing or malformed. */
export function readTrackerManifest(distDir: string): TrackerManifest | undefined {
  let text: string;
  try {
    text = readFileSync(join(distDir, MANIFEST_FILE), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = TrackerManifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
