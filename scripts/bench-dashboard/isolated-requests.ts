// The page's API requests replayed one at a time (signed in, nothing else running in the page), so each one's
// own server time can be told apart from the time it spent sharing the two cores with the page's other requests.
import type { APIRequestContext } from 'playwright-core';
import { median } from '../shared/median.js';
import type { RenderServer } from './render-server.js';

export async function isolatedServerTimes(request: APIRequestContext, server: RenderServer, urls: readonly string[], repeats: number): Promise<string> {
  const lines: string[] = [];
  let total = 0;
  for (const url of urls) {
    const samples: number[] = [];
    for (let index = 0; index < repeats; index++) {
      server.drain();
      const response = await request.get(`${server.baseUrl}${url}`);
      await response.body();
      await new Promise((done) => setTimeout(done, 20));
      const served = server.drain().find((entry) => entry.url === url);
      if (served) samples.push(served.serverMs);
    }
    const middle = median(samples);
    if (Number.isFinite(middle)) total += middle;
    lines.push(`${(Number.isFinite(middle) ? middle.toFixed(0) : '-').padStart(6)}  ${url}`);
  }
  return [`server ms (median of ${repeats}, one request at a time):`, ...lines, `${total.toFixed(0).padStart(6)}  sum`].join('\n');
}
