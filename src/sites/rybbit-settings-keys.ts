// The site settings keys of Rybbit's web app, as a settings body may carry them.
import { z } from 'zod';

/** Rybbit's keys, as a settings body may carry them; each is mapped or checked by `loupeSettingsOf`. */
export const RybbitSettingsKeys = {
  trackFormInteractions: z.boolean().optional().describe('sets both trackFormSubmit and trackInputChange'),
  trackIp: z.boolean().optional().describe('only false: Loupe never stores the IP address'),
  excludedASNs: z.array(z.union([z.string(), z.number()])).max(500).optional().describe('only []: not supported by Loupe'),
  excludedQueryParams: z.array(z.string().max(200)).max(500).optional().describe('only []: not supported by Loupe'),
  embedEnabled: z.boolean().optional().describe('only false: not supported by Loupe'),
  firstPartyProxy: z.boolean().optional().describe('only false: not supported by Loupe'),
  tags: z.array(z.string().max(100)).max(100).optional().describe('only []: not supported by Loupe'),
  type: z.string().max(50).optional().describe('only "web": not supported by Loupe'),
};
