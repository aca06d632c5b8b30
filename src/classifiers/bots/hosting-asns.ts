// The bot_asn layer's list: autonomous systems of hosting and cloud providers, from catalogs/bot-asns.json.
import { z } from 'zod';
import { readCatalog } from '../catalogs/read-catalog.js';

export const botAsnsSchema = z.object({
  providers: z.array(
    z.object({ name: z.string().min(1), asns: z.array(z.number().int().min(1).max(4_294_967_295)).min(1) }),
  ),
});
export type BotAsnsFile = z.infer<typeof botAsnsSchema>;

/** ASN -> provider name; an ASN listed under two providers is a data error. */
export function indexHostingAsns(file: BotAsnsFile): ReadonlyMap<number, string> {
  const byAsn = new Map<number, string>();
  for (const provider of file.providers) {
    for (const asn of provider.asns) {
      const other = byAsn.get(asn);
      if (other !== undefined) throw new Error(`bot-asns: AS${asn} is listed for ${other} and ${provider.name}`);
      byAsn.set(asn, provider.name);
    }
  }
  return byAsn;
}

let defaultIndex: ReadonlyMap<number, string> | undefined;

function hostingIndex(): ReadonlyMap<number, string> {
  defaultIndex ??= indexHostingAsns(readCatalog('bot-asns.json', botAsnsSchema));
  return defaultIndex;
}

/** The hosting provider that owns the ASN, or undefined (also for 0, "unknown"). */
export function hostingProviderOf(asn: number): string | undefined {
  return hostingIndex().get(asn);
}

export function isHostingAsn(asn: number): boolean {
  return hostingIndex().has(asn);
}
