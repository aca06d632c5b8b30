// Every GET report of a site as a request URL, read from the OpenAPI document (reports are the routes with
// the `format=json|csv` parameter), with the parameters each one requires filled in.
import type { FastifyInstance } from 'fastify';

/** Required parameters of the reports that have some; values chosen to match the test data where they can. */
export interface ReportInputs {
  readonly goalId: number;
  readonly sessionId: string;
  readonly userId: string;
  readonly eventName: string;
  readonly errorMessage: string;
}

type OpenApiDoc = { paths: Record<string, { get?: { parameters?: Array<{ name: string; in: string; schema?: { enum?: string[] } }> } }> };

function ownParams(inputs: ReportInputs): Record<string, string> {
  return {
    '/bots/by-dimension': 'dimension=bot_name',
    '/breakdowns': 'parameters=channel,country,browser,hostname,language',
    '/errors/events': `errorMessage=${encodeURIComponent(inputs.errorMessage)}`,
    '/errors/time-series': `errorMessage=${encodeURIComponent(inputs.errorMessage)}`,
    '/events/autocapture': 'type=outbound',
    '/events/autocapture-values': 'type=outbound',
    '/events/properties': `event_name=${encodeURIComponent(inputs.eventName)}`,
    '/goals/time-series': `goal_ids=${inputs.goalId}`,
    '/metric': 'parameter=pathname',
    '/performance/by-dimension': 'dimension=pathname',
    '/revenue/breakdown': 'parameter=pathname',
    '/user-traits/users': 'key=plan&value=pro',
    '/user-traits/values': 'key=plan',
    '/users/session-count': `user_id=${encodeURIComponent(inputs.userId)}`,
  };
}

/** `/api/sites/<site><report>?<range>&<own parameters>` for every report, in the document's order. */
export async function reportRequests(app: FastifyInstance, site: number, range: string, inputs: ReportInputs): Promise<string[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDoc;
  const own = ownParams(inputs);
  return Object.entries(doc.paths)
    .filter(([, item]) => item.get?.parameters?.some((p) => p.in === 'query' && p.name === 'format' && p.schema?.enum?.includes('json')))
    .map(([path]) => {
      const report = path.replace('/api/sites/{site}', '');
      const concrete = report.replace('{goalId}', String(inputs.goalId)).replace('{sessionId}', inputs.sessionId).replace('{userId}', encodeURIComponent(inputs.userId));
      return `/api/sites/${site}${concrete}?${range}${own[report] ? `&${own[report]}` : ''}`;
    });
}
