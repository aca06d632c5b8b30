// The benchmark's traffic tables (data/*.json), read once and validated.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const weight = z.number().positive();

const BrowserProfileSchema = z.object({
  weight,
  device: z.enum(['desktop', 'mobile', 'tablet']),
  ua: z.string().min(1),
  acceptEncoding: z.string().min(1),
  secChUa: z.string().optional(),
  platform: z.string().optional(),
  mobile: z.enum(['?0', '?1']).optional(),
  fetchMetadata: z.boolean(),
  bot: z.boolean().optional(),
});
export type BrowserProfile = z.infer<typeof BrowserProfileSchema>;

const LocaleSchema = z.object({ weight, language: z.string().min(2), acceptLanguage: z.string().min(2) });
export type Locale = z.infer<typeof LocaleSchema>;

const ScreenSchema = z.object({ weight, width: z.number().int().positive(), height: z.number().int().positive() });
export type Screen = z.infer<typeof ScreenSchema>;

const PageSchema = z.object({ weight, pathname: z.string().startsWith('/'), title: z.string() });
export type Page = z.infer<typeof PageSchema>;

const CustomEventSchema = z.object({
  weight,
  name: z.string().min(1),
  properties: z.array(z.record(z.string(), z.union([z.string(), z.number()]))).min(1),
});
export type CustomEvent = z.infer<typeof CustomEventSchema>;

const SourceSchema = z.object({ weight, referrer: z.string(), querystring: z.string() });
export type TrafficSource = z.infer<typeof SourceSchema>;

const IpBlocksSchema = z.object({
  ipv4FirstOctets: z.array(z.number().int().min(1).max(223)).min(1),
  ipv6Prefixes: z.array(z.string().regex(/^[0-9a-f]{1,4}:[0-9a-f]{1,4}$/)).min(1),
  ipv6Share: z.number().min(0).max(1),
  extraHopShare: z.number().min(0).max(1),
});
export type IpBlocks = z.infer<typeof IpBlocksSchema>;

export interface BenchData {
  readonly browsers: readonly BrowserProfile[];
  readonly locales: readonly Locale[];
  readonly screens: Readonly<Record<BrowserProfile['device'], readonly Screen[]>>;
  readonly hostname: string;
  readonly pages: readonly Page[];
  readonly customEvents: readonly CustomEvent[];
  readonly sources: readonly TrafficSource[];
  readonly ipBlocks: IpBlocks;
}

function readJson<T>(name: string, schema: z.ZodType<T>): T {
  const text = readFileSync(new URL(`./data/${name}`, import.meta.url), 'utf8');
  return schema.parse(JSON.parse(text) as unknown);
}

let loaded: BenchData | undefined;

export function loadBenchData(): BenchData {
  if (loaded) return loaded;
  const screens = z.object({ desktop: z.array(ScreenSchema).min(1), mobile: z.array(ScreenSchema).min(1), tablet: z.array(ScreenSchema).min(1) });
  const site = readJson('site.json', z.object({ hostname: z.string(), pages: z.array(PageSchema).min(1), customEvents: z.array(CustomEventSchema).min(1) }));
  loaded = {
    browsers: readJson('browsers.json', z.object({ profiles: z.array(BrowserProfileSchema).min(1) })).profiles,
    locales: readJson('locales.json', z.object({ locales: z.array(LocaleSchema).min(1) })).locales,
    screens: readJson('screens.json', screens),
    hostname: site.hostname,
    pages: site.pages,
    customEvents: site.customEvents,
    sources: readJson('traffic.json', z.object({ sources: z.array(SourceSchema).min(1) })).sources,
    ipBlocks: readJson('ip-blocks.json', IpBlocksSchema),
  };
  return loaded;
}
