// What revenue figures of a site are reported in: the site's reporting currency and the operator's rates.
import { SiteRepository } from '../../sites/index.js';
import type { RevenueContext } from '../../revenue/revenue-summary.js';
import type { ReportDeps } from '../report-route.js';

export async function revenueContextOf(deps: ReportDeps, siteId: number): Promise<RevenueContext> {
  const site = await new SiteRepository(deps.metadata).get(siteId);
  return { reportingCurrency: site?.reportingCurrency ?? null, rates: deps.currencyRates };
}
