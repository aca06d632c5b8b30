// The app's route table as (method, url) pairs, read from Fastify's printed route tree at test time.
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  readonly method: string;
  readonly url: string;
}

/** Every route the app answers (HEAD and OPTIONS left out), so tests can cover routes added later. */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  const printed = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: RouteEntry[] = [];
  for (const line of printed.split('\n')) {
    const marker = line.indexOf('── ');
    if (marker < 0) continue;
    const depth = Math.floor(marker / 4);
    const rest = line.slice(marker + 3);
    const open = rest.lastIndexOf(' (');
    const segment = open >= 0 && rest.endsWith(')') ? rest.slice(0, open) : rest;
    stack.length = depth;
    stack[depth] = segment;
    const url = stack.join('');
    if (open < 0 || !rest.endsWith(')')) continue;
    for (const method of rest.slice(open + 2, -1).split(',').map((m) => m.trim())) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url });
    }
  }
  return routes;
}
