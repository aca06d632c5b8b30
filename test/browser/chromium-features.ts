// The `--disable-features` switch of the tests' Chromium. Chromium keeps only the last `--disable-features` of its
// command line, and Playwright passes one of its own before the arguments it is given: the switch here repeats
// Playwright's names (those of playwright-core 1.65) and adds the browser's own window furniture, which a headless
// test never shows. `checkDisabledFeatures` fails the launch when Playwright's switch names one this list lacks.
import { readdirSync, readFileSync } from 'node:fs';

/** What Playwright 1.65 disables (`chromiumSwitches.ts`), in its order. */
const PLAYWRIGHT_DISABLED = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
  'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The address bar's popups, which Chromium draws as web pages of their own (chrome://omnibox-popup.top-chrome/):
 * every new page's window loaded them in a renderer of their own, and a reload redrew them. In one page load of
 * the dashboard, 3.7 of Chromium's CPU-seconds with them and 1.9 without (a reload 1.6 and 0.9).
 */
const WINDOW_FURNITURE = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'PreloadTopChromeWebUI'];

export const DISABLE_FEATURES_SWITCH = `--disable-features=${[...PLAYWRIGHT_DISABLED, ...WINDOW_FURNITURE].join(',')}`;

/** The command line of this process's child started with `--remote-debugging-pipe` (Playwright's Chromium), or undefined. */
function launchedChromiumCommandLine(): string[] | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== process.pid) continue;
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.includes('--remote-debugging-pipe')) return args;
    } catch {
      // the process ended meanwhile
    }
  }
  return undefined;
}

/**
 * Throws when a feature that an earlier `--disable-features` of the launched browser's command line names (Playwright's,
 * after an upgrade) is missing from the last one, the switch Chromium applies.
 */
export function checkDisabledFeatures(): void {
  const switches = (launchedChromiumCommandLine() ?? [])
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));
  const applied = new Set(switches.at(-1));
  const dropped = switches.slice(0, -1).flat().filter((name) => name !== '' && !applied.has(name));
  if (dropped.length > 0) throw new Error(`Chromium would not disable ${dropped.join(', ')}: add them to PLAYWRIGHT_DISABLED in test/browser/chromium-features.ts`);
}
