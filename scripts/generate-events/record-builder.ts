// Fills a session record: visitor columns once, then one entry per page and per event, in arrays sized up front.
import type { Visitor } from './audience.js';
import { eventTypeCode, type SessionRecord } from './session-record.js';
import type { Arrival } from './traffic-sources.js';
import type { VitalsSample } from './web-vitals.js';

const PAGEVIEW_CODE = eventTypeCode('pageview');

export interface PageEntry {
  readonly id: number;
  readonly querystring: string;
  readonly urlParameters: Readonly<Record<string, string>>;
  readonly referrer: string;
  readonly channel: string;
}

export interface RecordSizes {
  readonly pages: number;
  readonly events: number;
  /** Events other than pageviews. */
  readonly details: number;
}

export interface EventDetail {
  readonly name: string;
  readonly props: string;
  readonly vitals?: VitalsSample;
  /** A purchase's revenue: decimal text and ISO currency. */
  readonly revenue?: { readonly amount: string; readonly currency: string };
  /** An engagement event's engaged milliseconds and deepest scroll (percent). */
  readonly engagement?: { readonly ms: number; readonly depth: number };
}

/** Exactly sized arrays: a chunk holds tens of thousands of records, and grown arrays waste most of their room. */
function sized<T>(length: number): T[] {
  return new Array<T>(length);
}

export class RecordBuilder {
  readonly record: SessionRecord;
  private page = 0;
  private event = 0;
  private detail = 0;

  constructor(siteId: number, sessionId: string, start: number, visitor: Visitor, arrival: Arrival, sizes: RecordSizes) {
    const { device, place } = visitor;
    this.record = {
      site_id: siteId,
      sid: sessionId,
      uid: visitor.userId,
      t0: start,
      browser: device.browser,
      browser_v: device.browserVersion,
      os: device.os,
      os_v: device.osVersion,
      device: device.deviceType,
      lang: visitor.language,
      country: place.country,
      sw: device.screenWidth,
      sh: device.screenHeight,
      pg_id: sized(sizes.pages),
      pg_qs: sized(sizes.pages),
      pg_params: sized(sizes.pages),
      pg_ref: sized(sizes.pages),
      pg_channel: sized(sizes.pages),
      ev_off: sized(sizes.events),
      ev_type: sized(sizes.events),
      ev_pg: sized(sizes.events),
      ev_x: sized(sizes.events),
      x_name: sized(sizes.details),
      x_props: sized(sizes.details),
      x_lcp: sized(sizes.details),
      x_cls: sized(sizes.details),
      x_inp: sized(sizes.details),
      x_fcp: sized(sizes.details),
      x_ttfb: sized(sizes.details),
      x_rev: sized(sizes.details),
      x_cur: sized(sizes.details),
      x_eng: sized(sizes.details),
      x_depth: sized(sizes.details),
    };
    this.addVisitorExtras(visitor, arrival);
  }

  /** Columns that are often empty are left out, so the staging table's defaults apply. */
  private addVisitorExtras(visitor: Visitor, arrival: Arrival): void {
    const record = this.record;
    const place = visitor.place;
    if (place.city !== '') Object.assign(record, { region: place.region, city: place.city, lat: place.lat, lon: place.lon, tz: place.timezone });
    if (visitor.identifiedUserId !== '') Object.assign(record, { ident: visitor.identifiedUserId, ident_from: 1 });
    if (visitor.featureFlags) record.flags = visitor.featureFlags;
    if (arrival.utmSource === '') return;
    Object.assign(record, {
      utm_source: arrival.utmSource,
      utm_medium: arrival.utmMedium,
      utm_campaign: arrival.utmCampaign,
      utm_term: arrival.utmTerm,
      utm_content: arrival.utmContent,
    });
  }

  /** Adds the next page; returns its number (1-based). */
  addPage(page: PageEntry): number {
    const record = this.record;
    const index = this.page++;
    record.pg_id[index] = page.id;
    record.pg_qs[index] = page.querystring;
    record.pg_params[index] = page.urlParameters;
    record.pg_ref[index] = page.referrer;
    record.pg_channel[index] = page.channel;
    return index + 1;
  }

  /** Adds a pageview `offsetMs` after the session start on page `pageNumber`. */
  addPageview(pageNumber: number, offsetMs: number): void {
    this.addEvent(PAGEVIEW_CODE, pageNumber, offsetMs, 0);
  }

  /** Adds any other event, with its name, props and (for performance events) Web Vitals. */
  addDetailedEvent(pageNumber: number, type: string, offsetMs: number, detail: EventDetail): void {
    const record = this.record;
    const index = this.detail++;
    record.x_name[index] = detail.name;
    record.x_props[index] = detail.props;
    const vitals = detail.vitals;
    record.x_lcp[index] = vitals ? vitals.lcp : null;
    record.x_cls[index] = vitals ? vitals.cls : null;
    record.x_inp[index] = vitals ? vitals.inp : null;
    record.x_fcp[index] = vitals ? vitals.fcp : null;
    record.x_ttfb[index] = vitals ? vitals.ttfb : null;
    record.x_rev[index] = detail.revenue?.amount ?? '';
    record.x_cur[index] = detail.revenue?.currency ?? '';
    record.x_eng[index] = detail.engagement?.ms ?? 0;
    record.x_depth[index] = detail.engagement?.depth ?? 0;
    this.addEvent(eventTypeCode(type), pageNumber, offsetMs, index + 1);
  }

  private addEvent(typeCode: number, pageNumber: number, offsetMs: number, detailNumber: number): void {
    const record = this.record;
    const index = this.event++;
    record.ev_off[index] = Math.floor(offsetMs);
    record.ev_type[index] = typeCode;
    record.ev_pg[index] = pageNumber;
    record.ev_x[index] = detailNumber;
  }
}
