// Where `loupe import` sends its batches over HTTP: a running server, with an API key. (The import service of an
// app opened on DATA_DIR in this process is `localImportTarget` in src/imports/service-import-targets.ts.)
import type { BatchCounts, ImportTarget } from '../imports/index.js';

function fieldErrorsOf(body: unknown): Record<string, readonly string[]> {
  const details = (body as { details?: { fieldErrors?: Record<string, string[]> } } | null)?.details;
  return details?.fieldErrors ?? {};
}

export function httpImportTarget(baseUrl: string, apiKey: string, siteId: string): ImportTarget {
  const call = async (method: 'POST' | 'DELETE', path: string, body?: unknown) => {
    const response = await fetch(new URL(`/api/sites/${encodeURIComponent(siteId)}/imports${path}`, baseUrl), {
      method,
      headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  };
  const failed = (what: string, answer: { status: number; body: unknown }) =>
    new Error(`${what} answered ${answer.status}: ${(answer.body as { error?: string } | null)?.error ?? JSON.stringify(answer.body)}`);
  return {
    async start(platform) {
      const answer = await call('POST', '', { platform });
      if (answer.status !== 200) throw failed('creating the import', answer);
      return (answer.body as { data: { importId: string } }).data.importId;
    },
    async send(importId, events, isLastBatch) {
      const answer = await call('POST', `/${importId}/events`, { events, isLastBatch });
      if (answer.status === 400) return { refused: true, message: (answer.body as { error?: string }).error ?? 'refused', fieldErrors: fieldErrorsOf(answer.body) };
      if (answer.status !== 200) throw failed('a batch', answer);
      return (answer.body as { data: BatchCounts }).data;
    },
    async remove(importId) {
      const answer = await call('DELETE', `/${importId}`);
      if (answer.status !== 200) throw failed('deleting the import', answer);
    },
  };
}
