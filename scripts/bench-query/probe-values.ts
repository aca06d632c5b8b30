// Real values for the cases that need one (a session id, a user id, an error message, an event name),
// read through the API with the filtered variant's parameters so that they exist in both variants.
import type { ApiCall } from './bench-goals.js';
import { at } from './answer-checks.js';
import type { ProbeValues } from './endpoint-cases.js';

async function firstOf(call: ApiCall, url: string, ...keys: ReadonlyArray<string | number>): Promise<string> {
  const response = await call('GET', url);
  const value = at(response.body, ...keys);
  if (response.status !== 200 || (typeof value !== 'string' && typeof value !== 'number')) {
    throw new Error(`no probe value at ${url} (${response.status}): ${JSON.stringify(response.body).slice(0, 300)}`);
  }
  return String(value);
}

export async function probeValues(call: ApiCall, siteId: number, common: Readonly<Record<string, string>>): Promise<ProbeValues> {
  const url = (path: string, extra: Record<string, string>) => `/api/sites/${siteId}${path}?${new URLSearchParams({ ...common, ...extra }).toString()}`;
  return {
    sessionId: await firstOf(call, url('/sessions', { limit: '1' }), 'data', 0, 'session_id'),
    userId: await firstOf(call, url('/users', { page_size: '1' }), 'data', 0, 'user_id'),
    errorMessage: await firstOf(call, url('/errors/names', { limit: '1' }), 'data', 0, 'value'),
    eventName: await firstOf(call, url('/events/names', { limit: '1' }), 'data', 0, 'eventName'),
  };
}
