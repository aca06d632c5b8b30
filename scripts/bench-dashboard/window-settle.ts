// Waits until a freshly opened browser window has finished starting, before the render benchmark navigates in it.
// Chromium's headless mode is the full browser: each new context opens a window whose own browser interface starts
// with it (its omnibox popup is a WebUI page, chrome://omnibox-popup.top-chrome, loaded in a renderer of its own,
// ~1 s of CPU on this machine). Started at the same moment as the navigation it competed with the page for the two
// cores. A reader's browser window already exists when they open the dashboard, so the timed window starts once
// Chromium is idle again; the page itself still starts cold (new renderer, empty HTTP cache).
import type { CpuSample } from './process-cpu.js';

export interface SettleOptions {
  /** How often Chromium's CPU is read (ms). */
  readonly intervalMs: number;
  /** Chromium counts as idle when it used at most this much CPU during one interval (ms). */
  readonly idleCpuMs: number;
  /** Gives up waiting after this long (ms) and navigates anyway. */
  readonly maxWaitMs: number;
}

export const DEFAULT_SETTLE: SettleOptions = { intervalMs: 200, idleCpuMs: 20, maxWaitMs: 5_000 };

const chromiumMs = (sample: CpuSample): number => {
  let total = 0;
  for (const { part, ms } of sample.values()) if (part === 'chromium') total += ms;
  return total;
};

/** Resolves once Chromium used at most `idleCpuMs` in one interval; gives how long it waited and whether it settled. */
export async function waitForIdleChromium(sampleCpu: () => CpuSample, options: SettleOptions = DEFAULT_SETTLE): Promise<{ waitedMs: number; settled: boolean }> {
  const startedAt = Date.now();
  let before = chromiumMs(sampleCpu());
  for (;;) {
    await new Promise((done) => setTimeout(done, options.intervalMs));
    const now = chromiumMs(sampleCpu());
    const waitedMs = Date.now() - startedAt;
    if (now - before <= options.idleCpuMs) return { waitedMs, settled: true };
    if (waitedMs >= options.maxWaitMs) return { waitedMs, settled: false };
    before = now;
  }
}
