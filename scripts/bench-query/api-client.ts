// Requests to the server under test over real HTTP (node:http, one kept-alive connection), authenticated with
// the organization key. A lean client, so a timed run measures the server rather than the client: undici's
// fetch added 1-2 ms of client-side time per request on this machine, which decides the ratio of a 5 ms report.
import { Agent, request as httpRequest } from 'node:http';
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
  /** Closes the kept-alive connection. */
  close(): void;
}

export function apiClient(baseUrl: string, apiKey: string): ApiClient {
  const base = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (caseRequest: CaseRequest): Promise<RawResponse> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = { authorization: `Bearer ${apiKey}` };
      const body = caseRequest.body === undefined ? undefined : Buffer.from(caseRequest.body);
      if (body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = body.length;
      }
      const outgoing = httpRequest(
        { host: base.hostname, port: base.port, path: caseRequest.url, method: caseRequest.method, headers, agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  return {
    send,
    call: async (method, url, body) => {
      const response = await send({ method, url, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return { status: response.status, body: response.text ? (JSON.parse(response.text) as unknown) : null };
    },
    close: () => agent.destroy(),
  };
}
