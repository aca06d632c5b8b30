// Names the bot a user agent announces, from the catalog in catalogs/, in one regular-expression pass.
import type { AiCrawler, CatalogEntry } from '../catalogs/bot-catalog.js';
import { loadBotCatalog } from '../catalogs/bot-catalog.js';
import { createTokenMatcher } from './token-matcher.js';

export interface BotIdentity {
  readonly name: string;
  readonly category: string;
  readonly ai: AiCrawler | null;
}

export type BotIdentifier = (userAgent: string) => BotIdentity | null;

export function createBotIdentifier(catalog: readonly CatalogEntry[]): BotIdentifier {
  const match = createTokenMatcher(catalog);
  return (userAgent) => {
    const entry = match(userAgent);
    return entry ? { name: entry.name, category: entry.category, ai: entry.ai } : null;
  };
}

let defaultIdentifier: BotIdentifier | undefined;

/** Identifies against the catalog in catalogs/ (compiled on first use). */
export function identifyBot(userAgent: string): BotIdentity | null {
  defaultIdentifier ??= createBotIdentifier(loadBotCatalog());
  return defaultIdentifier(userAgent);
}
