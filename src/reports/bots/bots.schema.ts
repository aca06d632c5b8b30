// The 200 bodies of the /bots reports: documented in the OpenAPI document, and the shape answers are serialized through.
import { z } from 'zod';
import { BOT_LAYERS } from './bot-scope.js';

const count = (what: string) => z.number().int().nonnegative().describe(what);
const percentage = (what: string) => z.number().nonnegative().describe(`${what}, in percent, 2 decimals`);

const layerFields: z.ZodRawShape = Object.fromEntries(BOT_LAYERS.map((layer) => [layer, count(`bot requests the ${layer} layer flagged`)]));

export const botOverviewResponse = z.object({
  data: z.object({
    bot_requests: count('bot requests in scope'),
    total_events: count('bot requests plus the human events of the same site, range and filters'),
    bot_percentage: percentage('bot_requests of total_events'),
    ...layerFields,
  }),
});

export const botTimeSeriesResponse = z.object({
  data: z.array(z.object({ time: z.string().describe('bucket start, YYYY-MM-DD HH:MM:SS in time_zone'), bot_requests: count('bot requests in the bucket') })),
});

export const botsByDimensionResponse = z.object({
  data: z.object({
    data: z.array(z.object({
      value: z.string().describe('the value of the dimension; empty when the request had none'),
      count: count('bot requests with this value'),
      percentage: percentage('count of all bot requests in scope'),
    })),
    totalCount: count('distinct values in scope'),
  }),
});

export const aiSummaryResponse = z.object({
  data: z.array(z.object({
    operator: z.string(),
    crawls: count('requests of its crawlers'),
    training_crawls: count('requests of its training crawlers'),
    search_crawls: count('requests of its search crawlers'),
    agent_requests: count('requests of its agents acting for a user'),
    pages: count('distinct pathnames its crawlers requested'),
    referrals: count('human sessions whose channel is AI and whose referrer is one of its domains'),
    crawls_per_referral: z.number().nonnegative().nullable().describe('crawls / referrals, 2 decimals; null without referrals'),
    referrer_domains: z.array(z.string()).describe('the referrer domains counted as the operator\'s'),
    bots: z.array(z.object({
      name: z.string(),
      purpose: z.string(),
      reads: count('requests of this crawler'),
      pages: count('distinct pathnames it requested'),
    })),
  })),
});
