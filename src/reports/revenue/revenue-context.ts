// What revenue figures of a site are reported in: the site's reporting currency and the operator's rates.
import type { RevenueContext } from '../../revenue/revenue-summary.js';
import type { ReportDeps } from '../report-route.js';

export async function revenueContextOf(deps: ReportDeps, siteId: number): Promise<RevenueContext> {
  const site = await deps.sites.get(siteId);
  return { reportingCurrency: site?.reportingCurrency ?? null, rates: deps.currencyRates };
}
