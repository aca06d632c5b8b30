// Turns a session shape into a session record: visitor, arrival, pages, timing, and each page's extra events.
import type { Audience, Visitor, VisitorPool } from './audience.js';
import { clamp, logNormal } from './distributions.js';
import type { ErrorReports } from './error-reports.js';
import type { Interaction, Interactions } from './interactions.js';
import { RecordBuilder } from './record-builder.js';
import type { Prng } from './prng.js';
import { randomHex, randomUint64Decimal } from './random-ids.js';
import type { SessionRecord } from './session-record.js';
import { shapeSize, type PageExtra, type SessionShape } from './session-shape.js';
import { drawPageQuery, type SitePage, type SitePages } from './site-pages.js';
import type { Arrival, TrafficSources } from './traffic-sources.js';
import { drawVitals } from './web-vitals.js';
import { drawEngagement, drawRevenue } from './engagement-and-revenue.js';

export const SESSION_TIMEOUT_MS = 30 * 60_000;
const HOUR_MS = 3_600_000;
/** A session's events all fall within this span, safely inside the 30-minute window. */
const MAX_SPAN_MS = 29 * 60_000;
/** Share of sessions that try to reuse an earlier visitor (the rest, ~70%, are new visitors). */
const RETURNING_SHARE = 0.3;
/** Chance that a visitor about to switch to another hostname of the site looks for another page instead. */
const STAY_ON_HOST = 0.6;
const NO_PARAMETERS: Readonly<Record<string, string>> = Object.freeze({});

export interface SessionTools {
  readonly pages: SitePages;
  readonly sources: TrafficSources;
  readonly audience: Audience;
  readonly pool: VisitorPool;
  readonly interactions: Interactions;
  readonly errors: ErrorReports;
}

export interface SessionOutcome {
  readonly record: SessionRecord;
  readonly newVisitor: boolean;
  readonly identifiedNow: boolean;
}

interface SessionContext {
  readonly builder: RecordBuilder;
  readonly visitor: Visitor;
  readonly arrival: Arrival;
}

export class SessionGenerator {
  constructor(
    private readonly tools: SessionTools,
    private readonly rng: Prng,
    private readonly siteId: number,
  ) {}

  /** Builds the session; it starts near `startMs` and ends by `latestEndMs`. */
  generate(shape: SessionShape, startMs: number, latestEndMs: number): SessionOutcome {
    const rng = this.rng;
    const dwell = this.drawDwellTimes(shape.length);
    let span = 0;
    for (const ms of dwell) span += ms;
    const start = Math.floor(Math.min(startMs, latestEndMs - span - 1));
    const { visitor, isNew } = this.chooseVisitor(start);
    const arrival = this.tools.sources.draw(rng, !isNew);
    const events = shapeSize(shape);
    const sizes = { pages: shape.length, events, details: events - shape.length };
    const builder = new RecordBuilder(this.siteId, randomUint64Decimal(rng), start, visitor, arrival, sizes);
    const session: SessionContext = { builder, visitor, arrival };
    const record = builder.record;
    let identifiedNow = false;
    let offset = 0;
    let previous: SitePage | undefined;
    for (let index = 0; index < shape.length; index++) {
      const pageDwell = dwell[index] ?? 0;
      const { page, signedUp } = this.emitPage(session, shape[index] ?? [], index, { start: offset, dwell: pageDwell }, previous);
      previous = page;
      if (signedUp && visitor.identifiedUserId === '') {
        visitor.identifiedUserId = `usr_${randomHex(rng, 10)}`;
        record.ident = visitor.identifiedUserId;
        record.ident_from = index + 2;
        identifiedNow = true;
      }
      offset += pageDwell;
    }
    visitor.lastSessionEnd = start + span;
    return { record, newVisitor: isNew, identifiedNow };
  }

  /** Adds one page and its events to the record; tells whether a sign-up happened on it. */
  private emitPage(
    session: SessionContext,
    extras: readonly PageExtra[],
    index: number,
    time: { readonly start: number; readonly dwell: number },
    previous: SitePage | undefined,
  ): { page: SitePage; signedUp: boolean } {
    const { rng, tools } = this;
    const { builder, visitor, arrival } = session;
    const { start: offset, dwell: pageDwell } = time;
    const interactions = extras.filter((extra) => extra === 'interaction').map(() => tools.interactions.draw(rng));
    const page = this.choosePage(index, arrival, interactions, previous);
    const pageNumber = this.addPageContext(builder, page, index === 0 ? arrival : undefined, previous);
    const { device, place } = visitor;
    builder.addPageview(pageNumber, offset);
    let signedUp = false;
    let next = 0;
    for (const extra of extras) {
      if (extra === 'interaction') {
        const interaction = fitInteraction(interactions[next++], page, tools.interactions, rng);
        const at = offset + pageDwell * rng.between(0.1, 0.9);
        const revenue = interaction.type === 'custom_event' ? drawRevenue(rng, interaction.eventName) : undefined;
        builder.addDetailedEvent(pageNumber, interaction.type, at, { name: interaction.eventName, props: interaction.props.pick(rng), ...(revenue ? { revenue } : {}) });
        signedUp ||= interaction.identifies;
      } else if (extra === 'error') {
        const report = tools.errors.draw(rng, device.engine, page.pathname);
        const at = offset + pageDwell * rng.between(0.02, 0.9);
        builder.addDetailedEvent(pageNumber, 'error', at, { name: report.eventName, props: report.props });
      } else if (extra === 'engagement') {
        // Sent when the page is left: at the end of its dwell.
        builder.addDetailedEvent(pageNumber, 'engagement', offset + pageDwell * 0.995, { name: '', props: '', engagement: drawEngagement(rng, pageDwell) });
      } else {
        const at = offset + pageDwell * rng.between(0.85, 0.99);
        const vitals = drawVitals(rng, device.deviceType, device.engine, place.latency, page.loadFactor);
        builder.addDetailedEvent(pageNumber, 'performance', at, { name: '', props: '', vitals });
      }
    }
    return { page, signedUp };
  }

  /** Time on each page, scaled down when the whole visit would outlast the session window. */
  private drawDwellTimes(pages: number): number[] {
    const dwell: number[] = [];
    let total = 0;
    for (let page = 0; page < pages; page++) {
      const ms = clamp(logNormal(this.rng, 38_000, 1.1), 2_000, 20 * 60_000);
      dwell.push(ms);
      total += ms;
    }
    const scale = total > MAX_SPAN_MS ? MAX_SPAN_MS / total : 1;
    for (let page = 0; page < pages; page++) dwell[page] = Math.floor((dwell[page] ?? 0) * scale);
    return dwell;
  }

  private chooseVisitor(start: number): { visitor: Visitor; isNew: boolean } {
    const { pool, audience } = this.tools;
    if (this.rng.chance(RETURNING_SHARE)) {
      const visitor = pool.drawReturning(this.rng, start, SESSION_TIMEOUT_MS);
      if (visitor) return { visitor, isNew: false };
    }
    const visitor = audience.newVisitor(this.rng, Math.floor(start / HOUR_MS) % 24);
    pool.add(visitor);
    return { visitor, isNew: true };
  }

  /** Landing pages follow the source; pages with a page-bound interaction are that page; else by popularity. */
  private choosePage(index: number, arrival: Arrival, interactions: readonly Interaction[], previous: SitePage | undefined): SitePage {
    const { pages } = this.tools;
    if (index === 0 && arrival.landingPath) return pages.require(arrival.landingPath);
    const bound = interactions.find((interaction) => interaction.path !== undefined);
    if (bound?.path) return pages.require(bound.path);
    const page = pages.pick(this.rng);
    const leavesHost = previous !== undefined && page.hostname !== previous.hostname && this.rng.chance(STAY_ON_HOST);
    return page === previous || leavesHost ? pages.pick(this.rng) : page;
  }

  /**
   * The landing page carries the arrival's referrer, channel and tags; later pages have no referrer
   * (Direct), except after a move between hostnames of the site, which is Internal.
   */
  private addPageContext(builder: RecordBuilder, page: SitePage, arrival: Arrival | undefined, previous: SitePage | undefined): number {
    const params: (readonly [string, string])[] = drawPageQuery(page, this.rng);
    if (arrival) params.push(...arrival.params);
    const crossHost = previous !== undefined && previous.hostname !== page.hostname;
    return builder.addPage({
      id: page.id,
      querystring: params.length === 0 ? '' : '?' + params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&'),
      urlParameters: params.length === 0 ? NO_PARAMETERS : Object.fromEntries(params.map(([k, v]) => [k.toLowerCase(), v])),
      referrer: arrival ? arrival.referrer : crossHost ? `https://${previous.hostname}${previous.pathname}` : '',
      channel: arrival ? arrival.channel : crossHost ? 'Internal' : 'Direct',
    });
  }
}

/** Keeps an interaction that belongs elsewhere off this page by swapping it for one that fits anywhere. */
function fitInteraction(interaction: Interaction | undefined, page: SitePage, catalog: Interactions, rng: Prng): Interaction {
  if (interaction && (interaction.path === undefined || interaction.path === page.pathname)) return interaction;
  return catalog.drawAnywhere(rng);
}
