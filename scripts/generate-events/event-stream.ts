// Produces the whole data set as a sequence of bounded chunks, hour by hour, from one seeded stream.
import { Audience, VisitorPool } from './audience.js';
import { BotTraffic } from './bot-traffic.js';
import { Devices } from './devices.js';
import { ErrorReports } from './error-reports.js';
import type { BotEventRow } from './bot-event-row.js';
import { Geography } from './geography.js';
import { Interactions } from './interactions.js';
import { loadCatalog, type Catalog } from './load-catalog.js';
import { Prng } from './prng.js';
import { SessionGenerator } from './session-generator.js';
import type { SessionRecord } from './session-record.js';
import { drawSessionShape, shapeSize, truncateShape, type SessionShape } from './session-shape.js';
import { SitePages } from './site-pages.js';
import { planTimeline, type HourSlot } from './traffic-timeline.js';
import { TrafficSources } from './traffic-sources.js';

export interface StreamOptions {
  readonly siteId: number;
  /** Rows for `events`: exactly this many are produced. */
  readonly events: number;
  readonly days: number;
  readonly seed: number;
  /** End of the simulated period (ms since epoch); the data covers [endMs - days, endMs]. */
  readonly endMs: number;
  /** Chunks hold at least this many event rows (a session is never split), fewer at the end. */
  readonly chunkSize: number;
  /** Share of bot rows in all traffic (human + bot), 0..<1. */
  readonly botShare: number;
}

export interface Chunk {
  readonly sessions: SessionRecord[];
  /** Events in `sessions`. */
  events: number;
  readonly bots: BotEventRow[];
}

export interface StreamStats {
  events: number;
  sessions: number;
  newVisitors: number;
  identifiedUsers: number;
  bots: number;
}

/** Remembered recent visitors; older ones stop returning, which bounds memory. */
const VISITOR_POOL_SIZE = 250_000;
/** Events generated between two pauses for the event loop. */
const EVENT_LOOP_BREAK_EVERY = 5_000;

export function botRowsFor(events: number, botShare: number): number {
  return Math.round((events * botShare) / (1 - botShare));
}

export class EventStream {
  readonly stats: StreamStats = { events: 0, sessions: 0, newVisitors: 0, identifiedUsers: 0, bots: 0 };
  readonly totalBots: number;
  readonly pages: SitePages;
  private readonly rng: Prng;
  private readonly sessions: SessionGenerator;
  private readonly botTraffic: BotTraffic;
  private readonly slots: readonly HourSlot[];

  constructor(
    private readonly options: StreamOptions,
    catalog: Catalog = loadCatalog(),
  ) {
    this.rng = new Prng(options.seed);
    const geography = new Geography(catalog.geo, catalog.traffic.diurnalLocal);
    const pages = new SitePages(catalog.pages, catalog.site);
    this.pages = pages;
    this.totalBots = botRowsFor(options.events, options.botShare);
    const request = { endMs: options.endMs, days: options.days, events: options.events, bots: this.totalBots };
    this.slots = planTimeline(request, catalog.traffic, geography.hourlyMix, this.rng);
    const tools = {
      pages,
      sources: new TrafficSources(catalog.channels),
      audience: new Audience(geography, new Devices(catalog.devices), catalog.site),
      pool: new VisitorPool(VISITOR_POOL_SIZE),
      interactions: new Interactions(catalog.interactions),
      errors: new ErrorReports(catalog.errors, catalog.site.assetOrigin),
    };
    this.sessions = new SessionGenerator(tools, this.rng, options.siteId);
    this.botTraffic = new BotTraffic(catalog.bots, pages, this.rng, options.siteId);
  }

  /**
   * The data set in chunks of about `chunkSize` events, in time order. It pauses for the event loop every
   * few thousand events so that an insert already under way can move on to its next statement.
   */
  async *chunks(): AsyncGenerator<Chunk> {
    let chunk: Chunk = { sessions: [], events: 0, bots: [] };
    let target = 0;
    let sinceBreak = 0;
    for (const slot of this.slots) {
      target += slot.events;
      const shapes = this.planSessions(target);
      const starts = shapes.map(() => this.rng.between(slot.startMs, slot.endMs)).sort((a, b) => a - b);
      for (let index = 0; index < shapes.length; index++) {
        const size = this.generateSession(shapes[index] ?? [], starts[index] ?? slot.startMs, chunk);
        sinceBreak += size;
        if (chunk.events >= this.options.chunkSize) {
          yield chunk;
          chunk = { sessions: [], events: 0, bots: [] };
        }
      }
      this.botTraffic.fill(slot.startMs, slot.endMs, slot.bots, this.options.endMs, chunk.bots);
      this.stats.bots += slot.bots;
      if (sinceBreak >= EVENT_LOOP_BREAK_EVERY) {
        sinceBreak = 0;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    if (chunk.events > 0 || chunk.bots.length > 0) yield chunk;
  }

  /** Session shapes that bring the running total of events up to `target` (never past the request). */
  private planSessions(target: number): SessionShape[] {
    const shapes: SessionShape[] = [];
    let planned = this.stats.events;
    while (planned < target) {
      let shape = drawSessionShape(this.rng);
      if (planned + shapeSize(shape) > this.options.events) shape = truncateShape(shape, this.options.events - planned);
      planned += shapeSize(shape);
      shapes.push(shape);
    }
    return shapes;
  }

  private generateSession(shape: SessionShape, startMs: number, chunk: Chunk): number {
    const outcome = this.sessions.generate(shape, startMs, this.options.endMs);
    const size = shapeSize(shape);
    chunk.sessions.push(outcome.record);
    chunk.events += size;
    this.stats.events += size;
    this.stats.sessions += 1;
    if (outcome.newVisitor) this.stats.newVisitors += 1;
    if (outcome.identifiedNow) this.stats.identifiedUsers += 1;
    return size;
  }
}
