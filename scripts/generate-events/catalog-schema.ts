// Zod schemas of the data/*.json tables that describe the simulated site, its audience and its bots.
import { z } from 'zod';

const weight = z.number().nonnegative();
const weightedString = z.tuple([z.string(), weight]);
const queryValue = z.union([z.string(), z.number(), z.boolean()]);

export const siteSchema = z.object({
  hosts: z.record(z.string(), z.string().min(1)),
  titleSuffix: z.string(),
  featureFlags: z.array(z.object({ name: z.string().min(1), share: z.number().min(0).max(1), variants: z.array(weightedString).min(1) })),
  assetOrigin: z.url(),
});

export const trafficSchema = z.object({
  diurnalLocal: z.array(z.number().positive()).length(24),
  weekdayUtc: z.array(z.number().positive()).length(7),
  dailyNoise: z.number().min(0).max(0.5),
  growthOverPeriod: z.number().min(-0.9).max(5),
  spikeFactor: z.number().min(1),
});

const pageQuerySchema = z.object({
  probability: z.number().min(0).max(1),
  params: z.record(z.string(), z.array(z.string()).min(1)),
});

export const pagesSchema = z.object({
  pages: z.array(
    z.object({ path: z.string().startsWith('/'), title: z.string().min(1), host: z.string(), weight, query: pageQuerySchema.optional() }),
  ),
  groups: z.array(
    z.object({
      prefix: z.string().startsWith('/'),
      host: z.string(),
      weight,
      zipf: z.number().nonnegative(),
      titleFormat: z.string().includes('{title}'),
      items: z.array(z.string().min(1)).min(1),
    }),
  ),
});

const utmSchema = z.object({
  source: z.string(),
  medium: z.string(),
  campaigns: z.array(z.string()).min(1),
  terms: z.array(z.string()).min(1).optional(),
  contents: z.array(z.string()).min(1).optional(),
});

export const channelsSchema = z.object({
  returningDirectShare: z.number().min(0).max(1),
  channels: z.array(
    z.object({
      channel: z.string().min(1),
      weight,
      sources: z.array(
        z.object({
          weight,
          referrers: z.array(z.string()).min(1),
          utm: utmSchema.optional(),
          utmProbability: z.number().min(0).max(1).optional(),
          clickId: z.enum(['gclid', 'msclkid', 'fbclid']).optional(),
          landing: z.array(z.string().startsWith('/')).min(1).optional(),
        }),
      ).min(1),
    }),
  ).min(1),
});

const citySchema = z.tuple([z.string(), z.string(), z.number(), z.number(), z.string(), weight]);

export const geoSchema = z.object({
  unknownCityShare: z.number().min(0).max(1),
  countries: z.array(
    z.object({
      code: z.string().length(2),
      weight,
      utcOffset: z.number().min(-12).max(14),
      latency: z.number().positive(),
      languages: z.array(weightedString).min(1),
      cities: z.array(citySchema).min(1),
    }),
  ).min(1),
});

export const engineSchema = z.enum(['v8', 'jsc', 'gecko']);

export const devicesSchema = z.object({
  screens: z.record(z.string(), z.array(z.tuple([z.number().int().positive(), z.number().int().positive(), weight])).min(1)),
  profiles: z.array(
    z.object({
      weight,
      browser: z.string(),
      os: z.string(),
      deviceType: z.enum(['Desktop', 'Mobile', 'Tablet', 'TV', 'Console', 'Embedded']),
      engine: engineSchema,
      screens: z.string(),
      browserVersions: z.array(weightedString).min(1),
      osVersions: z.array(weightedString).min(1),
      sampleUa: z.string().min(1),
    }),
  ).min(1),
});

export const interactionsSchema = z.object({
  interactions: z.array(
    z.object({
      type: z.enum(['custom_event', 'button_click', 'copy', 'form_submit', 'input_change', 'outbound']),
      name: z.string(),
      weight,
      path: z.string().startsWith('/').optional(),
      identifies: z.boolean().optional(),
      variants: z.array(z.tuple([z.record(z.string(), queryValue), weight])).min(1),
    }),
  ).min(1),
});

const engineText = z.object({ v8: z.string(), jsc: z.string(), gecko: z.string() });

export const errorsSchema = z.object({
  bundles: z.array(z.string().startsWith('/')).min(1),
  errors: z.array(
    z.object({
      weight,
      type: engineText,
      message: engineText,
      frames: z.array(z.tuple([z.string(), z.number().int().nonnegative(), z.number().int().positive(), z.number().int().positive()])),
      paths: z.array(z.string().startsWith('/')).optional(),
    }),
  ).min(1),
});

const layerProbability = z.number().min(0).max(1).optional();

export const botsSchema = z.object({
  crawlPaths: z.array(z.string().startsWith('/')),
  bots: z.array(
    z.object({
      name: z.string(),
      category: z.string().min(1),
      operator: z.string().optional(),
      purpose: z.enum(['training', 'search', 'agent']).optional(),
      weight,
      burst: z.number().positive(),
      paths: z.enum(['crawl', 'popular', 'home']),
      asns: z.array(z.number().int().nonnegative()).min(1),
      countries: z.array(weightedString).min(1),
      ua: z.string().min(1),
      browser: z.string(),
      os: z.string(),
      deviceType: z.string(),
      layers: z.object({
        ua_pattern: layerProbability,
        header_heuristics: layerProbability,
        client_signals: layerProbability,
        bot_asn: layerProbability,
        rate_anomaly: layerProbability,
      }),
    }),
  ).min(1),
});

export type SiteTable = z.infer<typeof siteSchema>;
export type TrafficTable = z.infer<typeof trafficSchema>;
export type PagesTable = z.infer<typeof pagesSchema>;
export type ChannelsTable = z.infer<typeof channelsSchema>;
export type GeoTable = z.infer<typeof geoSchema>;
export type DevicesTable = z.infer<typeof devicesSchema>;
export type InteractionsTable = z.infer<typeof interactionsSchema>;
export type ErrorsTable = z.infer<typeof errorsSchema>;
export type BotsTable = z.infer<typeof botsSchema>;
export type Engine = z.infer<typeof engineSchema>;
