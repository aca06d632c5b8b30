// GET /bots/overview, /bots/time-series, /bots/by-dimension and /bots/ai-summary.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { loadAiOperators } from '../../classifiers/catalogs/bot-catalog.js';
import { pagingParams } from '../report-paging.js';
import { registerReport, type ReportDeps } from '../report-route.js';
import { aiSummary } from './ai-summary.query.js';
import { BOT_DIMENSIONS } from './bot-dimensions.js';
import { layerParam } from './bot-scope.js';
import { botOverview, botsByDimension, botTimeSeries } from './bots.query.js';
import { aiSummaryResponse, botOverviewResponse, botsByDimensionResponse, botTimeSeriesResponse } from './bots.schema.js';

const SCOPE_NOTE =
  ' Bot reports read the site and time range; of the filters, only browser, operating_system, device_type, country, ' +
  'hostname, pathname and referrer apply (bot requests have no sessions); `layer` keeps the requests one detection layer flagged.';

export async function botsRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  registerReport(app, deps, {
    path: '/bots/overview',
    tag: 'Bots',
    summary: 'Bot requests, all events (bot + human), the bot share (%) and bot requests per detection layer.' + SCOPE_NOTE,
    params: { layer: layerParam },
    response: botOverviewResponse,
    run: async ({ store, query, params }) => ({ data: await botOverview(store, query, params.layer) }),
  });
  registerReport(app, deps, {
    path: '/bots/time-series',
    tag: 'Bots',
    summary: 'Bot requests per bucket (default day), zero-filled; time is the bucket start in time_zone.' + SCOPE_NOTE,
    params: { layer: layerParam },
    response: botTimeSeriesResponse,
    run: async ({ store, query, params }) => ({ data: await botTimeSeries(store, query, params.layer) }),
  });
  registerReport(app, deps, {
    path: '/bots/by-dimension',
    tag: 'Bots',
    summary: 'Bot requests per value of a dimension, count desc; totalCount = distinct values.' + SCOPE_NOTE,
    params: {
      dimension: z.enum(BOT_DIMENSIONS).describe(`one of ${BOT_DIMENSIONS.join(', ')}`),
      layer: layerParam,
      ...pagingParams,
    },
    response: botsByDimensionResponse,
    run: async ({ store, query, params }) => ({
      data: await botsByDimension(store, query, params.layer, params.dimension, params),
    }),
  });
  registerReport(app, deps, {
    path: '/bots/ai-summary',
    tag: 'Bots',
    summary:
      'Per AI operator: crawls by purpose, distinct pages crawled, human sessions referred from its assistants ' +
      '(AI channel, referrer on one of its domains), crawls per referral (null without referrals) and per-crawler reads. ' +
      '`layer` narrows the crawls, not the referrals.' + SCOPE_NOTE,
    params: { layer: layerParam },
    response: aiSummaryResponse,
    run: async ({ store, query, params }) => ({ data: await aiSummary(store, query, params.layer, loadAiOperators()) }),
  });
}
