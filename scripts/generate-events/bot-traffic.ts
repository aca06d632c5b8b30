// Bot rows for `bot_events`: crawlers, AI agents, SEO tools, monitors and headless scrapers, in bursts.
import type { BotsTable } from './catalog-schema.js';
import { exponential, geometric } from './distributions.js';
import { formatTimestamp, type BotEventRow } from './bot-event-row.js';
import type { Prng } from './prng.js';
import { randomUuid } from './random-ids.js';
import type { SitePages } from './site-pages.js';
import { WeightedPicker, pickerFromPairs } from './weighted-picker.js';

type BotEntry = BotsTable['bots'][number];
type Layer = keyof BotEntry['layers'];

const LAYERS: readonly Layer[] = ['ua_pattern', 'header_heuristics', 'client_signals', 'bot_asn', 'rate_anomaly'];
/** Mean pause between two requests of one burst. */
const BURST_GAP_MS = 1_500;
/** Share of a crawler's requests that go to robots.txt, sitemaps and feeds. */
const CRAWL_FILE_SHARE = 0.08;

interface Bot {
  readonly entry: BotEntry;
  readonly countries: WeightedPicker<string>;
}

export class BotTraffic {
  private readonly bots: WeightedPicker<Bot>;
  private readonly crawlPaths: readonly string[];
  private readonly mainHost: string;

  constructor(
    table: BotsTable,
    private readonly pages: SitePages,
    private readonly rng: Prng,
    private readonly siteId: number,
  ) {
    this.bots = new WeightedPicker(
      table.bots.map((entry) => ({ entry, countries: pickerFromPairs(entry.countries) })),
      table.bots.map((entry) => entry.weight),
    );
    this.crawlPaths = table.crawlPaths;
    this.mainHost = pages.require('/').hostname;
  }

  /** Appends `count` bot rows in bursts starting within [startMs, endMs), none later than `latestMs`. */
  fill(startMs: number, endMs: number, count: number, latestMs: number, out: BotEventRow[]): void {
    let left = count;
    while (left > 0) {
      const bot = this.bots.pick(this.rng);
      const burst = Math.min(left, 1 + geometric(this.rng, 1 / bot.entry.burst));
      let at = this.rng.between(startMs, endMs);
      const country = bot.countries.pick(this.rng);
      const asn = this.rng.pick(bot.entry.asns);
      for (let request = 0; request < burst; request++) {
        out.push(this.row(bot.entry, Math.min(at, latestMs), country, asn));
        at += exponential(this.rng, BURST_GAP_MS);
      }
      left -= burst;
    }
  }

  private target(entry: BotEntry): { hostname: string; pathname: string } {
    if (entry.paths === 'home') return { hostname: this.mainHost, pathname: '/' };
    if (entry.paths === 'crawl' && this.rng.chance(CRAWL_FILE_SHARE)) {
      return { hostname: this.mainHost, pathname: this.rng.pick(this.crawlPaths) };
    }
    const page = entry.paths === 'crawl' ? this.rng.pick(this.pages.pages) : this.pages.pick(this.rng);
    return { hostname: page.hostname, pathname: page.pathname };
  }

  private row(entry: BotEntry, at: number, country: string, asn: number): BotEventRow {
    const { hostname, pathname } = this.target(entry);
    const row: BotEventRow = {
      site_id: this.siteId,
      timestamp: formatTimestamp(Math.floor(at)),
      event_id: randomUuid(this.rng),
      type: 'pageview',
      hostname,
      pathname,
      user_agent: entry.ua,
      device_type: entry.deviceType,
      country,
      asn,
      bot_category: entry.category,
    };
    if (entry.name !== '') row.bot_name = entry.name;
    if (entry.browser !== '') row.browser = entry.browser;
    if (entry.os !== '') row.operating_system = entry.os;
    if (entry.operator) row.ai_operator = entry.operator;
    if (entry.purpose) row.ai_purpose = entry.purpose;
    this.setLayers(entry, row);
    return row;
  }

  /** Raises each detection layer with its probability; at least one layer always fires. */
  private setLayers(entry: BotEntry, row: BotEventRow): void {
    let strongest: Layer = 'ua_pattern';
    let fired = false;
    for (const layer of LAYERS) {
      const probability = entry.layers[layer] ?? 0;
      if (probability > (entry.layers[strongest] ?? 0)) strongest = layer;
      if (probability > 0 && this.rng.chance(probability)) {
        row[layer] = 1;
        fired = true;
      }
    }
    if (!fired) row[strongest] = 1;
  }
}
