// Visitors: new ones drawn with a consistent place, device, language and feature flags; old ones kept to return.
import type { SiteTable } from './catalog-schema.js';
import type { Device, Devices } from './devices.js';
import type { Geography, Place } from './geography.js';
import type { Prng } from './prng.js';
import { randomHex } from './random-ids.js';
import { pickerFromPairs, type WeightedPicker } from './weighted-picker.js';

export interface Visitor {
  /** The anonymous visitor id: 12 hex characters, as ingestion derives it. */
  readonly userId: string;
  /** Set once the visitor signs up; carried by every later event. */
  identifiedUserId: string;
  readonly device: Device;
  readonly place: Place;
  readonly language: string;
  readonly featureFlags: Readonly<Record<string, string>> | undefined;
  /** End of the visitor's latest session (ms), so a return starts a fresh session. */
  lastSessionEnd: number;
}

interface FlagPlan {
  readonly name: string;
  readonly share: number;
  readonly variants: WeightedPicker<string>;
}

export class Audience {
  private readonly flags: readonly FlagPlan[];

  constructor(
    private readonly geography: Geography,
    private readonly devices: Devices,
    site: SiteTable,
  ) {
    this.flags = site.featureFlags.map((flag) => ({ name: flag.name, share: flag.share, variants: pickerFromPairs(flag.variants) }));
  }

  newVisitor(rng: Prng, utcHour: number): Visitor {
    const place = this.geography.drawPlace(rng, utcHour);
    let featureFlags: Record<string, string> | undefined;
    for (const flag of this.flags) {
      if (!rng.chance(flag.share)) continue;
      featureFlags ??= {};
      featureFlags[flag.name] = flag.variants.pick(rng);
    }
    return {
      userId: randomHex(rng, 12),
      identifiedUserId: '',
      device: this.devices.draw(rng),
      place,
      language: this.geography.drawLanguage(rng, place.country),
      featureFlags,
      lastSessionEnd: 0,
    };
  }
}

/** A bounded ring of recent visitors from which returning sessions are drawn, favouring recent ones. */
export class VisitorPool {
  private readonly ring: (Visitor | undefined)[];
  private next = 0;
  private count = 0;

  constructor(private readonly capacity: number) {
    this.ring = new Array<Visitor | undefined>(capacity);
  }

  get size(): number {
    return this.count;
  }

  add(visitor: Visitor): void {
    this.ring[this.next] = visitor;
    this.next = (this.next + 1) % this.capacity;
    if (this.count < this.capacity) this.count++;
  }

  /** A visitor whose last session ended at least `gapMs` before `startMs`, or undefined after a few tries. */
  drawReturning(rng: Prng, startMs: number, gapMs: number): Visitor | undefined {
    for (let attempt = 0; attempt < 3 && this.count > 0; attempt++) {
      const u = rng.float();
      const back = Math.floor(this.count * u * u);
      const index = (this.next - 1 - back + this.capacity * 2) % this.capacity;
      const visitor = this.ring[index];
      if (visitor && visitor.lastSessionEnd + gapMs < startMs) return visitor;
    }
    return undefined;
  }
}
