// The named-bot catalog: AI crawlers (catalogs/ai-operators.json) and other known bots (catalogs/known-bots.json).
import { z } from 'zod';
import { readCatalog } from './read-catalog.js';

export const AI_PURPOSES = ['training', 'search', 'agent'] as const;
export type AiPurpose = (typeof AI_PURPOSES)[number];

export interface AiCrawler {
  readonly operator: string;
  readonly name: string;
  readonly purpose: AiPurpose;
}

/** One recognisable bot: its display name, the user-agent substring that names it, and its category. */
export interface CatalogEntry {
  readonly name: string;
  readonly token: string;
  /** `ai` for AI crawlers, else the category from known-bots.json. */
  readonly category: string;
  readonly ai: AiCrawler | null;
}

export interface AiOperator {
  readonly operator: string;
  readonly referrerDomains: readonly string[];
  readonly bots: readonly AiCrawler[];
}

const nonEmpty = z.string().min(1);

export const aiOperatorsSchema = z.object({
  operators: z.array(
    z.object({
      operator: nonEmpty,
      referrerDomains: z.array(nonEmpty),
      bots: z.array(z.object({ name: nonEmpty, token: nonEmpty.optional(), purpose: z.enum(AI_PURPOSES) })),
    }),
  ),
});

export const knownBotsSchema = z.object({
  bots: z.array(z.object({ name: nonEmpty, token: nonEmpty.optional(), category: nonEmpty })),
});

export type AiOperatorsFile = z.infer<typeof aiOperatorsSchema>;
export type KnownBotsFile = z.infer<typeof knownBotsSchema>;

/** AI entries first; a token listed twice is a data error, since the match would be ambiguous. */
export function buildBotCatalog(aiFile: AiOperatorsFile, knownFile: KnownBotsFile): CatalogEntry[] {
  const entries: CatalogEntry[] = [];
  for (const op of aiFile.operators) {
    for (const bot of op.bots) {
      const ai: AiCrawler = { operator: op.operator, name: bot.name, purpose: bot.purpose };
      entries.push({ name: bot.name, token: bot.token ?? bot.name, category: 'ai', ai });
    }
  }
  for (const bot of knownFile.bots) {
    entries.push({ name: bot.name, token: bot.token ?? bot.name, category: bot.category, ai: null });
  }
  const seen = new Set<string>();
  for (const entry of entries) {
    const key = entry.token.toLowerCase();
    if (seen.has(key)) throw new Error(`bot catalog: token "${entry.token}" is listed twice`);
    seen.add(key);
  }
  return entries;
}

export function listAiOperators(aiFile: AiOperatorsFile): AiOperator[] {
  return aiFile.operators.map((op) => ({
    operator: op.operator,
    referrerDomains: op.referrerDomains,
    bots: op.bots.map((bot) => ({ operator: op.operator, name: bot.name, purpose: bot.purpose })),
  }));
}

let loaded: { catalog: CatalogEntry[]; operators: AiOperator[] } | undefined;

function load(): { catalog: CatalogEntry[]; operators: AiOperator[] } {
  if (!loaded) {
    const aiFile = readCatalog('ai-operators.json', aiOperatorsSchema);
    const knownFile = readCatalog('known-bots.json', knownBotsSchema);
    loaded = { catalog: buildBotCatalog(aiFile, knownFile), operators: listAiOperators(aiFile) };
  }
  return loaded;
}

/** The catalog from catalogs/, read once. */
export function loadBotCatalog(): readonly CatalogEntry[] {
  return load().catalog;
}

/** AI operators with their crawlers and referrer domains, read once (for the ai-summary report). */
export function loadAiOperators(): readonly AiOperator[] {
  return load().operators;
}
