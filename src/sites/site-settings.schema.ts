// Site settings: what a site owner can configure, with defaults and validation of every list.
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { RybbitSettingsKeys } from './rybbit-settings-keys.js';
import { WILDCARD_LIMIT_MESSAGE, withinWildcardLimit } from '../platform/wildcards/wildcard-limit.js';
import { isCurrencyCode } from '../revenue/revenue-input.js';

function isIpOrCidr(value: string): boolean {
  if (value.includes('/')) {
    try {
      ipaddr.parseCIDR(value);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(value);
}

const list = (item: z.ZodString) => z.array(item).max(500);

/** A web origin as a browser sends it: `http(s)://host[:port]`, nothing after. */
function isWebOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
}
const pathPatternItem = z.string().trim().min(1).max(2048);
const hostnamePatternItem = z.string().trim().min(1).max(253);

export const SiteSettingsSchema = z.object({
  public: z.boolean(),
  publicPeopleData: z
    .boolean()
    .describe('with public (or a private link): also open the reports that name people (users, sessions, raw events, error occurrences) to those readers'),
  saltUserIds: z.boolean(),
  blockBots: z.boolean(),
  excludedIPs: list(z.string().trim().refine(isIpOrCidr, 'must be an IP address or CIDR range')),
  excludedCountries: list(z.string().trim().regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')),
  excludedPaths: list(pathPatternItem),
  excludedHostnames: list(hostnamePatternItem),
  excludedUserAgents: list(z.string().trim().min(1).max(512)),
  webVitals: z.boolean(),
  trackErrors: z.boolean(),
  trackOutbound: z.boolean(),
  trackUrlParams: z.boolean(),
  trackInitialPageView: z.boolean(),
  trackSpaNavigation: z.boolean(),
  sessionReplay: z.boolean().describe('record sessions (rrweb) with the lazily loaded replay module'),
  replaySampleRate: z.number().int().min(0).max(100).describe('percent of browser sessions recorded when sessionReplay is on (0..100)'),
  replayMaskTextSelectors: list(z.string().trim().min(1).max(200))
    .max(50)
    .describe('CSS selectors whose text is masked in recordings (inputs are always masked)'),
  replayRetentionDays: z.number().int().min(1).max(365).describe('days a recording is kept (the store\'s TTL deletes it after)'),
  trackButtonClicks: z.boolean(),
  trackCopy: z.boolean(),
  trackFormSubmit: z.boolean(),
  trackInputChange: z.boolean(),
  /** Days of analytics data the store keeps (older events and sessions are deleted); null keeps everything. */
  retentionDays: z.number().int().min(1).max(36_600).nullable(),
  reportingCurrency: z
    .string()
    .refine(isCurrencyCode, 'must be an ISO 4217 currency code such as EUR')
    .nullable()
    .describe("the currency revenue reports total in (other currencies converted with the operator's rates, CURRENCY_RATES_FILE); null: totals only when one currency is present"),
  respectDoNotTrack: z.boolean().describe('the tracker sends nothing from browsers that send Do Not Track or Global Privacy Control'),
  trackDownloads: z.boolean().describe('report clicks on links to files with the downloadExtensions'),
  downloadExtensions: z
    .array(z.string().trim().toLowerCase().regex(/^[a-z0-9]{1,10}$/, 'must be a file extension without the dot, such as pdf'))
    .max(100)
    .describe('the file extensions trackDownloads reports'),
  embedOrigins: z
    .array(z.string().trim().toLowerCase().max(300).refine(isWebOrigin, 'must be an origin such as https://intranet.example.com (scheme, host and port only)'))
    .max(20)
    .describe("the origins whose pages may frame the site's dashboard in embed mode (?embed=true); empty: no page may"),
});

export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  public: false,
  publicPeopleData: false,
  saltUserIds: false,
  blockBots: true,
  excludedIPs: [],
  excludedCountries: [],
  excludedPaths: [],
  excludedHostnames: [],
  excludedUserAgents: [],
  webVitals: false,
  trackErrors: false,
  trackOutbound: true,
  trackUrlParams: true,
  trackInitialPageView: true,
  trackSpaNavigation: true,
  sessionReplay: false,
  replaySampleRate: 100,
  replayMaskTextSelectors: [],
  replayRetentionDays: 30,
  trackButtonClicks: false,
  trackCopy: false,
  trackFormSubmit: false,
  trackInputChange: false,
  retentionDays: null,
  reportingCurrency: null,
  respectDoNotTrack: false,
  trackDownloads: true,
  embedOrigins: [],
  downloadExtensions: ['pdf', 'xlsx', 'docx', 'txt', 'rtf', 'csv', 'exe', 'key', 'pps', 'ppt', 'pptx', '7z', 'pkg', 'rar', 'gz', 'zip', 'avi', 'mov', 'mp4', 'mpeg', 'wmv', 'midi', 'mp3', 'wav', 'wma', 'dmg', 'iso', 'msi'],
};

/** A bare hostname: scheme, path, port and `www.` are not part of a site's domain. */
export const DomainSchema = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .transform((value) => value.toLowerCase().replace(/^[a-z]+:\/\//, '').replace(/[/?#].*$/, '').replace(/:\d+$/, '').replace(/^www\./, ''))
  .refine((value) => /^(localhost|[a-z0-9-]+(\.[a-z0-9-]+)*|\d{1,3}(\.\d{1,3}){3})$/.test(value), 'must be a domain name such as example.com');

/**
 * The pattern lists as a request may set them: at most MAX_WILDCARDS `*` per pattern. Only new input is
 * held to it; settings stored before the cap still load with SiteSettingsSchema.
 */
const patternLists = {
  excludedPaths: list(pathPatternItem.refine(withinWildcardLimit, WILDCARD_LIMIT_MESSAGE)).optional(),
  excludedHostnames: list(hostnamePatternItem.refine(withinWildcardLimit, WILDCARD_LIMIT_MESSAGE)).optional(),
};

export const CreateSiteBodySchema = SiteSettingsSchema.partial()
  .extend({ ...patternLists, ...RybbitSettingsKeys, domain: DomainSchema, name: z.string().trim().min(1).max(200).optional() })
  .strict();

export const UpdateSiteBodySchema = SiteSettingsSchema.partial()
  .extend({ ...patternLists, ...RybbitSettingsKeys, domain: DomainSchema.optional(), name: z.string().trim().min(1).max(200).optional() })
  .strict();

export function normaliseSettings(settings: SiteSettings): SiteSettings {
  return {
    ...settings,
    excludedCountries: settings.excludedCountries.map((code) => code.toUpperCase()),
    reportingCurrency: settings.reportingCurrency?.toUpperCase() ?? null,
  };
}
