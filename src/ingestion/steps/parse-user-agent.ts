// Step: browser, OS, versions and device type from the user agent and screen size.
import { parseUserAgent as parse } from '../enrichment/user-agent.js';
import { ok, type Step } from '../pipeline.js';
import type { TrackContext } from '../track-context.js';

export function parseUserAgent(): Step<TrackContext> {
  return {
    name: 'parse-user-agent',
    run(context) {
      const { screenWidth, screenHeight } = context.payload;
      const screen = screenWidth !== undefined && screenHeight !== undefined ? { width: screenWidth, height: screenHeight } : undefined;
      context.ua = parse(context.userAgent, screen);
      return ok();
    },
  };
}
