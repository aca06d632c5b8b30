// One visit of a dashboard page in headless Chromium, timed until every piece holds data: on the site dashboard
// the top-line cards, the chart and every breakdown card (scrolled to card by card, so the lazily loaded cards
// ask for theirs); on any page, every element marked `data-bench-piece` whose `data-bench-state` is ready or empty.
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { cpuBetween, type CpuPart, type CpuSample } from './process-cpu.js';
import { waitForIdleChromium } from './window-settle.js';

export interface ApiTiming {
  /** Path and query, as the browser asked for it. */
  readonly url: string;
  /** When the browser wanted the request (ms since navigation start). */
  readonly startMs: number;
  /** Time waiting for a connection before the request went out (the browser's 6 per origin). */
  readonly queuedMs: number;
  /** From sending the request to the first byte of the answer. */
  readonly waitMs: number;
  /** When the answer was complete (ms since navigation start). */
  readonly endMs: number;
}

export interface RenderRun {
  /** ms since navigation start when the last piece held data. */
  readonly fullRenderMs: number;
  /** ms since navigation start when each piece first held data (overview, chart, card-...). */
  readonly pieces: Readonly<Record<string, number>>;
  readonly api: readonly ApiTiming[];
  /** CPU ms each part used from the navigation to the full render. */
  readonly cpu: Readonly<Record<CpuPart, number>>;
  /** How long the new window took to settle before the navigation (ms); undefined when not waited for. */
  readonly settleMs: number | undefined;
}

// Runs in the page on every animation frame (a string: scripts are type-checked without the DOM library).
const FULL_RENDER_CHECK = `() => {
  const state = window.__loupeBench || (window.__loupeBench = { done: {} });
  const now = performance.now();
  const mark = (name, ready) => { if (ready && state.done[name] === undefined) state.done[name] = now; };
  const tops = [...document.querySelectorAll('[data-testid^="overview-"]')];
  mark('overview', tops.length > 0 && tops.every((el) => { const text = el.textContent.trim(); return text !== '' && text !== '–'; }));
  const chart = document.querySelector('[data-testid="time-series"]');
  mark('chart', chart !== null && Number(chart.getAttribute('data-points')) > 0 && chart.querySelector('canvas') !== null);
  const cards = [...document.querySelectorAll('section[data-testid^="card-"]')];
  let scrolled = false;
  for (const card of cards) {
    const name = card.getAttribute('data-testid');
    const filled = card.querySelector('tbody tr, svg [data-country]') !== null || card.textContent.includes('No data for this period');
    if (filled) state.empty = { ...(state.empty || {}), [name]: card.querySelector('tbody tr, svg [data-country]') === null };
    mark(name, filled);
    const asked = filled || card.textContent.includes('Loading') || card.querySelector('[role="alert"]') !== null;
    if (!asked && !scrolled) { card.scrollIntoView({ block: 'center' }); scrolled = true; }
  }
  // Other pages mark each data area with data-bench-piece="name" and data-bench-state="loading|ready|empty";
  // a piece still loading is scrolled to once, as a reader would, so a piece that waits to be seen asks for its data.
  const pieces = [...document.querySelectorAll('[data-bench-piece]')];
  state.scrolledTo = state.scrolledTo || {};
  for (const piece of pieces) {
    const name = piece.getAttribute('data-bench-piece');
    const stateOf = piece.getAttribute('data-bench-state');
    if (stateOf === 'ready' || stateOf === 'empty') state.empty = { ...(state.empty || {}), [name]: stateOf === 'empty' };
    mark(name, stateOf === 'ready' || stateOf === 'empty');
    if (stateOf === 'loading' && !scrolled && !state.scrolledTo[name]) { piece.scrollIntoView({ block: 'center' }); state.scrolledTo[name] = true; scrolled = true; }
  }
  const names = cards.length > 0
    ? ['overview', 'chart', ...cards.map((card) => card.getAttribute('data-testid')), ...pieces.map((piece) => piece.getAttribute('data-bench-piece'))]
    : pieces.map((piece) => piece.getAttribute('data-bench-piece'));
  if (names.length === 0 || !names.every((name) => state.done[name] !== undefined)) return false;
  return { done: state.done, empty: state.empty || {} };
}`;

const DONE_MARKER = 'loupe-bench-full-render';

// Installed before the page's own scripts (an init script in the page's world): the check runs on every animation
// frame from the first, and the result leaves as a console message. Playwright's waitForFunction would first load
// its own injected script into the page (~40 ms of the renderer's main thread, just when the page's first script
// runs), which a reader's browser never does.
const FULL_RENDER_WATCH = `(() => {
  if (window.top !== window) return;
  const check = ${FULL_RENDER_CHECK};
  const frame = () => {
    const result = check();
    if (result) console.debug('${DONE_MARKER}', JSON.stringify(result));
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`;

const API_TIMINGS = `performance.getEntriesByType('resource')
  .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
  .map((entry) => { const url = new URL(entry.name); return {
    url: url.pathname + url.search,
    startMs: entry.startTime,
    queuedMs: (entry.requestStart || entry.startTime) - entry.startTime,
    waitMs: entry.responseStart - (entry.requestStart || entry.startTime),
    endMs: entry.responseEnd,
  }; })`;

interface CheckResult {
  readonly done: Record<string, number>;
  readonly empty: Record<string, boolean>;
}

/**
 * Visits `url` in a fresh context (empty HTTP cache) signed in with `storageState`; `sampleCpu` reads the processes'
 * CPU. With `settle`, the navigation waits until the new window's own start-up is over (window-settle.ts).
 */
export async function renderOnce(
  browser: Browser,
  url: string,
  storageState: BrowserContextOptions['storageState'],
  timeoutMs: number,
  sampleCpu: () => CpuSample,
  settle: boolean,
): Promise<RenderRun & { empty: string[] }> {
  // The page's Content Security Policy is bypassed here as in the browser tests (the policy changes no timing the
  // bench measures; the evaluations after the render are strings it would refuse).
  const context = await browser.newContext({ storageState, viewport: { width: 1280, height: 800 }, bypassCSP: true });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const settled = settle ? await waitForIdleChromium(sampleCpu) : undefined;
    if (settled && !settled.settled) process.stderr.write(`the new window was still busy after ${settled.waitedMs} ms; navigating anyway\n`);
    const done = new Promise<CheckResult>((resolve) => {
      page.on('console', (message) => {
        const text = message.text();
        if (text.startsWith(`${DONE_MARKER} `)) resolve(JSON.parse(text.slice(DONE_MARKER.length + 1)) as CheckResult);
      });
    });
    await page.addInitScript(FULL_RENDER_WATCH);
    const cpuBefore = sampleCpu();
    await page.goto(url, { waitUntil: 'commit' });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), timeoutMs);
    });
    const result = await Promise.race([done, timeout]);
    clearTimeout(timer);
    // Sampled before the context closes: its renderer's time goes with it.
    const cpu = cpuBetween(cpuBefore, sampleCpu());
    if (!result) {
      const text = await page.evaluate('document.body.innerText').catch(() => '');
      throw new Error(`no full render within ${timeoutMs} ms; page errors: ${errors.join('; ') || 'none'}; page text:\n${String(text).slice(0, 2000)}`);
    }
    const api = (await page.evaluate(API_TIMINGS)) as ApiTiming[];
    const fullRenderMs = Math.max(...Object.values(result.done));
    return { fullRenderMs, pieces: result.done, api, cpu, settleMs: settled?.waitedMs, empty: Object.keys(result.empty).filter((name) => result.empty[name]) };
  } finally {
    await context.close();
  }
}
