// Enrichment step: browser, OS, versions and device type from the user agent and screen size.
import { parseUserAgent as parse } from '../../classifiers/user-agent.js';
import type { EnrichContext } from './enrich-context.js';
import { ok, type Step } from '../pipeline.js';

export function parseUserAgent(): Step<EnrichContext> {
  return {
    name: 'parse-user-agent',
    run(context) {
      const { screenWidth, screenHeight } = context.record.payload;
      const screen = screenWidth !== undefined && screenHeight !== undefined ? { width: screenWidth, height: screenHeight } : undefined;
      context.ua = parse(context.record.user_agent, screen);
      return ok();
    },
  };
}
