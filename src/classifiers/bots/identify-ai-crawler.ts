// Tells which AI operator's crawler a user agent is, and for what purpose (training, search or agent).
import { analyseUserAgent } from './analyse-user-agent.js';
import type { AiCrawler } from '../catalogs/bot-catalog.js';

/** Null for anything that is not a listed AI crawler; uses the shared, cached user-agent analysis. */
export function identifyAiCrawler(userAgent: string): AiCrawler | null {
  return analyseUserAgent(userAgent).ai;
}
