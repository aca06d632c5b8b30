// Bot signals seen in the browser, as the bits and weights of catalogs/headless-signals.json: _bsm is the mask
// of the bits seen, _bs the sum of their weights. (Bits 64 and 256 need async or WebGL probes and are not sent.)

export function botSignals(): [mask: number, score: number] {
  const n = navigator;
  const w = window as unknown as Record<string, unknown>;
  const ua = n.userAgent;
  const mobile = /Mobi|Android/.test(ua);
  let mask = 0;
  let score = 0;
  const seen = (signal: unknown, bit: number, weight: number) => {
    if (signal) {
      mask |= bit;
      score += weight;
    }
  };
  seen(n.webdriver, 1, 3);
  seen(/HeadlessChrome/.test(ua), 2, 3);
  seen(!(screen.width * screen.height) || (!(outerWidth + outerHeight) && !document.hidden), 4, 2);
  seen(!n.languages?.length && !n.plugins?.length && !mobile, 8, 2);
  seen('callPhantom _phantom __nightmare domAutomation domAutomationController'.split(' ').some((key) => key in w) || '__selenium_unwrapped' in document, 16, 3);
  seen(/Chrome/.test(ua) && !w.chrome, 32, 1);
  seen(mobile && !n.maxTouchPoints, 128, 1);
  return [mask, score];
}
