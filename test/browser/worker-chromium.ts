// One headless Chromium per test worker process, shared by every browser test file the worker runs (launching one
// per file cost a second or more each). A file opens its own contexts and closes them when it ends; the browser
// stays for the next file and ends with the worker process.
import { chromium, type Browser } from 'playwright-core';
import { checkDisabledFeatures, DISABLE_FEATURES_SWITCH } from './chromium-features.js';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', DISABLE_FEATURES_SWITCH];

/** Kept on the global object, which outlives the per-file module evaluation of the system tier. */
const HOLDER = Symbol.for('loupe.test.worker-chromium');
type Holder = Record<typeof HOLDER, Promise<Browser> | undefined>;

export async function workerChromium(): Promise<Browser> {
  const holder = globalThis as unknown as Holder;
  const earlier = await holder[HOLDER]?.catch(() => undefined);
  if (earlier?.isConnected()) return earlier;
  const launching = chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS }).then(async (browser) => {
    try {
      checkDisabledFeatures();
    } catch (error) {
      await browser.close();
      throw error;
    }
    return browser;
  });
  holder[HOLDER] = launching;
  return launching;
}

/** Closes every context still open on the worker's browser: what a test file does when it ends. */
export async function closeContexts(browser: Browser): Promise<void> {
  await Promise.all(browser.contexts().map((context) => context.close()));
}
