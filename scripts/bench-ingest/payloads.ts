// Realistic tracking traffic: visitors with a browser, language, screen, address and entry source, each
// sending a short run of pageviews and custom events with the headers their browser would send.
import { loadBenchData, type BenchData, type BrowserProfile, type Locale, type Page, type Screen, type TrafficSource } from './bench-data.js';
import { SeededRandom } from './seeded-random.js';
import { randomVisitorAddress, type VisitorAddress } from './visitor-address.js';

export interface TrackRequestParts {
  readonly headers: Record<string, string>;
  readonly body: string;
}

interface Visitor {
  readonly address: VisitorAddress;
  readonly browser: BrowserProfile;
  readonly locale: Locale;
  readonly screen: Screen;
  readonly source: TrafficSource;
  readonly headers: Record<string, string>;
  eventsLeft: number;
  page: Page | undefined;
}

/** Events per visit: most visits are short, a few are long. */
const VISIT_LENGTHS = [
  { weight: 35, events: 1 },
  { weight: 20, events: 2 },
  { weight: 15, events: 3 },
  { weight: 10, events: 4 },
  { weight: 8, events: 5 },
  { weight: 6, events: 6 },
  { weight: 4, events: 8 },
  { weight: 2, events: 12 },
] as const;
const CUSTOM_EVENT_SHARE = 0.25;

/** The headers a browser sends with a cross-site fetch from https://<hostname> to the tracking endpoint. */
export function browserHeaders(browser: BrowserProfile, locale: Locale, address: VisitorAddress, hostname: string): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': browser.ua,
    accept: '*/*',
    'accept-language': locale.acceptLanguage,
    'accept-encoding': browser.acceptEncoding,
    origin: `https://${hostname}`,
    referer: `https://${hostname}/`,
    'x-forwarded-for': address.forwardedFor,
  };
  if (browser.secChUa !== undefined) {
    headers['sec-ch-ua'] = browser.secChUa;
    headers['sec-ch-ua-mobile'] = browser.mobile ?? '?0';
    if (browser.platform !== undefined) headers['sec-ch-ua-platform'] = browser.platform;
  }
  if (browser.fetchMetadata) {
    headers['sec-fetch-site'] = 'cross-site';
    headers['sec-fetch-mode'] = 'cors';
    headers['sec-fetch-dest'] = 'empty';
  }
  return headers;
}

export class TrafficModel {
  private readonly random: SeededRandom;

  constructor(
    private readonly siteId: string,
    seed: number,
    private readonly data: BenchData = loadBenchData(),
  ) {
    this.random = new SeededRandom(seed);
  }

  newVisitor(): Visitor {
    const { random, data } = this;
    const browser = random.pickWeighted(data.browsers);
    const locale = random.pickWeighted(data.locales);
    const address = randomVisitorAddress(random, data.ipBlocks);
    return {
      address,
      browser,
      locale,
      screen: random.pickWeighted(data.screens[browser.device]),
      source: random.pickWeighted(data.sources),
      headers: browserHeaders(browser, locale, address, data.hostname),
      eventsLeft: random.pickWeighted(VISIT_LENGTHS).events,
      page: undefined,
    };
  }

  /** The visitor's next event as a /api/track body (a landing pageview first). */
  nextPayload(visitor: Visitor): Record<string, unknown> {
    const { random, data } = this;
    const common = {
      site_id: this.siteId,
      hostname: data.hostname,
      language: visitor.locale.language,
      screenWidth: visitor.screen.width,
      screenHeight: visitor.screen.height,
      _bs: 0,
      _bsm: 0,
    };
    visitor.eventsLeft -= 1;
    const previous = visitor.page;
    if (previous !== undefined && random.chance(CUSTOM_EVENT_SHARE)) {
      const event = random.pickWeighted(data.customEvents);
      const properties = JSON.stringify(random.pick(event.properties));
      return { ...common, type: 'custom_event', event_name: event.name, properties, pathname: previous.pathname, page_title: previous.title };
    }
    const page = random.pickWeighted(data.pages);
    visitor.page = page;
    const landing = previous === undefined;
    const referrer = landing ? visitor.source.referrer : `https://${data.hostname}${previous.pathname}`;
    const querystring = landing ? visitor.source.querystring : '';
    return {
      ...common,
      type: 'pageview',
      pathname: page.pathname,
      page_title: page.title,
      ...(querystring === '' ? {} : { querystring }),
      ...(referrer === '' ? {} : { referrer }),
    };
  }
}

/** The longest visit, in events. */
export const MAX_VISIT_EVENTS = Math.max(...VISIT_LENGTHS.map((length) => length.events));

/**
 * One generator per load phase. A load-generator connection plays one visitor at a time: the object it
 * passes (autocannon's per-connection context) keeps its visitor, whose events come in order; once the
 * visit is over the answer is undefined, and the caller starts again with a fresh object (a new visitor).
 */
export function createRequestFactory(siteId: string, seed: number, data?: BenchData): (visit: object) => TrackRequestParts | undefined {
  const model = new TrafficModel(siteId, seed, data);
  const visitors = new WeakMap<object, Visitor>();
  return (visit) => {
    let visitor = visitors.get(visit);
    if (visitor === undefined) {
      visitor = model.newVisitor();
      visitors.set(visit, visitor);
    }
    if (visitor.eventsLeft <= 0) return undefined;
    return { headers: visitor.headers, body: JSON.stringify(model.nextPayload(visitor)) };
  };
}
