// Answers asked before the dashboard's bundle has run: early-questions.ts, a few kilobytes of classic script that
// index.html loads first (bundled on its own by web/vite.config.ts), asks the site dashboard's first questions and
// leaves the unread responses on the page's global object by path; the entry chunk takes them over as soon as it runs
// (view-state/prefetch-site-dashboard.ts) and drops the rest, so no answer outlives the page load it was asked for.
// The two bundles share no module, hence the one global.

declare global {
  /** Responses asked by early-questions.ts, by path; absent when it did not run. */
  var __loupeEarlyAnswers: Map<string, Promise<Response>> | undefined;
}

/** Keeps `response` as the early answer to `path` (early-questions.ts). */
export function keepEarlyAnswer(path: string, response: Promise<Response>): void {
  const answers = (globalThis.__loupeEarlyAnswers ??= new Map());
  if (answers.has(path)) return;
  // A failure is reported by the query that takes the answer; one nobody takes must not surface as unhandled.
  response.catch(() => undefined);
  answers.set(path, response);
}

/** The early answer to `path`, once: later calls (and paths never asked early) get undefined. */
export function takeEarlyAnswer(path: string): Promise<Response> | undefined {
  const answers = globalThis.__loupeEarlyAnswers;
  const response = answers?.get(path);
  answers?.delete(path);
  return response;
}

/** Drops the answers nobody took (the page's questions differ from the early ones, e.g. after midnight). */
export function forgetEarlyAnswers(): void {
  globalThis.__loupeEarlyAnswers = undefined;
}
