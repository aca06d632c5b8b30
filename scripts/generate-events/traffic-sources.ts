// Where sessions come from: a channel with a referrer, UTM tags and click ids that agree with each other.
import type { ChannelsTable } from './catalog-schema.js';
import type { Prng } from './prng.js';
import { randomToken } from './random-ids.js';
import { WeightedPicker } from './weighted-picker.js';

type Source = ChannelsTable['channels'][number]['sources'][number];

export interface Arrival {
  readonly channel: string;
  readonly referrer: string;
  /** Landing-URL parameters in URL order: UTM tags, then the click id. */
  readonly params: readonly (readonly [string, string])[];
  readonly utmSource: string;
  readonly utmMedium: string;
  readonly utmCampaign: string;
  readonly utmTerm: string;
  readonly utmContent: string;
  /** A path this source links to (ads and emails point at chosen pages); none means any page. */
  readonly landingPath: string | undefined;
}

const DIRECT: Arrival = {
  channel: 'Direct',
  referrer: '',
  params: [],
  utmSource: '',
  utmMedium: '',
  utmCampaign: '',
  utmTerm: '',
  utmContent: '',
  landingPath: undefined,
};

const CLICK_ID_PREFIX: Record<string, string> = { gclid: 'Cj0KCQiA', msclkid: '', fbclid: 'IwAR' };

export class TrafficSources {
  private readonly channels: WeightedPicker<{ channel: string; sources: WeightedPicker<Source> }>;
  private readonly returningDirectShare: number;

  constructor(table: ChannelsTable) {
    this.returningDirectShare = table.returningDirectShare;
    this.channels = new WeightedPicker(
      table.channels.map((entry) => ({
        channel: entry.channel,
        sources: new WeightedPicker(entry.sources, entry.sources.map((source) => source.weight)),
      })),
      table.channels.map((entry) => entry.weight),
    );
  }

  /** Draws how a session arrives; returning visitors more often type the address or use a bookmark. */
  draw(rng: Prng, returning: boolean): Arrival {
    if (returning && rng.chance(this.returningDirectShare)) return DIRECT;
    const entry = this.channels.pick(rng);
    const source = entry.sources.pick(rng);
    if (entry.channel === 'Direct') return DIRECT;
    return buildArrival(rng, entry.channel, source);
  }
}

function buildArrival(rng: Prng, channel: string, source: Source): Arrival {
  const params: [string, string][] = [];
  const utm = source.utm && rng.chance(source.utmProbability ?? 1) ? source.utm : undefined;
  const campaign = utm ? rng.pick(utm.campaigns) : '';
  const term = utm?.terms ? rng.pick(utm.terms) : '';
  const content = utm?.contents ? rng.pick(utm.contents) : '';
  if (utm) {
    const tags: [string, string][] = [
      ['utm_source', utm.source],
      ['utm_medium', utm.medium],
      ['utm_campaign', campaign],
      ['utm_term', term],
      ['utm_content', content],
    ];
    for (const tag of tags) if (tag[1] !== '') params.push(tag);
  }
  if (source.clickId) {
    params.push([source.clickId, (CLICK_ID_PREFIX[source.clickId] ?? '') + randomToken(rng, 32)]);
  }
  return {
    channel,
    referrer: rng.pick(source.referrers),
    params,
    utmSource: utm?.source ?? '',
    utmMedium: utm?.medium ?? '',
    utmCampaign: campaign,
    utmTerm: term,
    utmContent: content,
    landingPath: source.landing ? rng.pick(source.landing) : undefined,
  };
}
