// The endpoints the benchmark times (data/endpoints.json), and the HTTP request each case makes.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** Values found in the data set at run time, written `$name` in a case's path or query. */
export const PROBE_NAMES = ['sessionId', 'userId', 'errorMessage', 'eventName'] as const;
export type ProbeName = (typeof PROBE_NAMES)[number];
export type ProbeValues = Readonly<Record<ProbeName, string>>;

const CaseSchema = z.object({
  name: z.string().min(1),
  method: z.enum(['GET', 'POST']).default('GET'),
  /** After /api/sites/:site. */
  path: z.string().startsWith('/'),
  query: z.record(z.string(), z.string()).default({}),
  body: z.unknown().optional(),
  /** The id of the hand-written SQL in raw-queries.ts. */
  raw: z.string().min(1),
  rawArg: z.string().optional(),
  targetMs: z.number().positive().optional(),
});

const FileSchema = z.object({ defaultTargetMs: z.number().positive(), cases: z.array(CaseSchema).min(1) });

export type EndpointCase = Omit<z.output<typeof CaseSchema>, 'targetMs'> & { readonly targetMs: number };

export const ENDPOINTS_FILE = new URL('./data/endpoints.json', import.meta.url);

export function loadEndpointCases(file: URL | string = ENDPOINTS_FILE): EndpointCase[] {
  const parsed = FileSchema.parse(JSON.parse(readFileSync(file, 'utf8')) as unknown);
  return parsed.cases.map((entry) => ({ ...entry, targetMs: entry.targetMs ?? parsed.defaultTargetMs }));
}

/** Replaces every `$name` with its probed value (encoded for a path by default); an unknown name is an error in the case file. */
export function withProbes(text: string, values: ProbeValues, encode: (value: string) => string = encodeURIComponent): string {
  return text.replace(/\$([A-Za-z]+)/g, (_match, name: string) => {
    if (!(PROBE_NAMES as readonly string[]).includes(name)) throw new Error(`unknown placeholder $${name} in ${text}`);
    return encode(values[name as ProbeName]);
  });
}

export interface CaseRequest {
  readonly method: 'GET' | 'POST';
  /** Path and query string, from /api/sites/... */
  readonly url: string;
  readonly body?: string;
}

/** The request of a case for one site; `common` are the common parameters (dates, filters). */
export function caseRequest(entry: EndpointCase, siteId: number, values: ProbeValues, common: Readonly<Record<string, string>>): CaseRequest {
  const query = new URLSearchParams(common);
  for (const [key, value] of Object.entries(entry.query)) query.set(key, withProbes(value, values, (text) => text));
  const url = `/api/sites/${siteId}${withProbes(entry.path, values)}?${query.toString()}`;
  return entry.body === undefined ? { method: entry.method, url } : { method: entry.method, url, body: JSON.stringify(entry.body) };
}
