// The benchmark's goals (data/goals.json): created over HTTP once per site, found again by name on later runs.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const GoalSpecSchema = z.object({
  name: z.string().min(1),
  goalType: z.enum(['path', 'event', 'outbound']),
  config: z.object({ pathPattern: z.string().optional(), eventName: z.string().optional(), valuePattern: z.string().optional() }),
});
export type GoalSpec = z.output<typeof GoalSpecSchema>;

export function loadGoalSpecs(file: URL | string = new URL('./data/goals.json', import.meta.url)): GoalSpec[] {
  return z.object({ goals: z.array(GoalSpecSchema).min(1) }).parse(JSON.parse(readFileSync(file, 'utf8')) as unknown).goals;
}

/** Sends a request to the API and answers its status and parsed body. */
export type ApiCall = (method: 'GET' | 'POST', url: string, body?: unknown) => Promise<{ status: number; body: unknown }>;

const GoalList = z.object({ data: z.array(z.object({ name: z.string().nullable() })) });

/** Creates the goals the site does not have yet (by name); answers how many were created. */
export async function ensureGoals(call: ApiCall, siteId: number, goals: readonly GoalSpec[]): Promise<number> {
  const listed = await call('GET', `/api/sites/${siteId}/goals?page_size=100`);
  if (listed.status !== 200) throw new Error(`GET /goals answered ${listed.status}: ${JSON.stringify(listed.body)}`);
  const existing = new Set(GoalList.parse(listed.body).data.map((goal) => goal.name));
  let created = 0;
  for (const goal of goals) {
    if (existing.has(goal.name)) continue;
    const response = await call('POST', `/api/sites/${siteId}/goals`, goal);
    if (response.status !== 200) throw new Error(`creating goal ${goal.name} answered ${response.status}: ${JSON.stringify(response.body)}`);
    created++;
  }
  return created;
}
