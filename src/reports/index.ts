// The reports feature's public entry: its wiring, and the report queries other features run on a schedule
// (alerts, email reports) or share (the person's latest traits for user data).
export { registerReports, type ReportsModuleDeps } from './reports-module.js';
export { botOverview } from './bots/bots.query.js';
export { goalResults } from './goals/goals.query.js';
export { metricBreakdown } from './metric/metric.query.js';
export { overview, overviewTimeSeries } from './overview/overview.query.js';
export type { OverviewFigures } from './overview/overview.schema.js';
export { performanceOverview } from './performance/performance.query.js';
export { latestTraits } from './users/user-fields.query.js';
