// Requests to the server under test over real HTTP (fetch, keep-alive), authenticated with the organization key.
import type { ApiCall } from './bench-goals.js';
import type { CaseRequest } from './endpoint-cases.js';

export interface RawResponse {
  readonly status: number;
  readonly text: string;
}

export interface ApiClient {
  /** Sends a case's request and reads the whole body (what a timed run measures). */
  send(request: CaseRequest): Promise<RawResponse>;
  /** A JSON call for set-up (goals, probes). */
  readonly call: ApiCall;
}

export function apiClient(baseUrl: string, apiKey: string): ApiClient {
  const send = async (request: CaseRequest): Promise<RawResponse> => {
    const headers: Record<string, string> = { authorization: `Bearer ${apiKey}` };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${request.url}`, {
      method: request.method,
      headers,
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    return { status: response.status, text: await response.text() };
  };
  return {
    send,
    call: async (method, url, body) => {
      const response = await send({ method, url, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return { status: response.status, body: response.text ? (JSON.parse(response.text) as unknown) : null };
    },
  };
}
