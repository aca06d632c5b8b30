// Custom events, autocaptured clicks/copies/forms and outbound links, with their property documents.
import type { InteractionsTable } from './catalog-schema.js';
import type { Prng } from './prng.js';
import { WeightedPicker } from './weighted-picker.js';

export interface Interaction {
  readonly type: string;
  readonly eventName: string;
  /** The page it happens on, when it belongs to one (signup on /signup, purchase on /checkout/success). */
  readonly path: string | undefined;
  /** True when it makes the visitor an identified user from then on. */
  readonly identifies: boolean;
  /** Pre-serialised `props` documents to choose from. */
  readonly props: WeightedPicker<string>;
}

export class Interactions {
  private readonly all: WeightedPicker<Interaction>;
  private readonly anywhere: WeightedPicker<Interaction>;

  constructor(table: InteractionsTable) {
    const entries = table.interactions.map(
      (entry): Interaction => ({
        type: entry.type,
        eventName: entry.name,
        path: entry.path,
        identifies: entry.identifies ?? false,
        props: new WeightedPicker(
          entry.variants.map(([props]) => JSON.stringify(props)),
          entry.variants.map(([, weight]) => weight),
        ),
      }),
    );
    this.all = new WeightedPicker(entries, table.interactions.map((entry) => entry.weight));
    const free = entries.filter((entry) => entry.path === undefined);
    this.anywhere = new WeightedPicker(free, table.interactions.filter((entry) => entry.path === undefined).map((entry) => entry.weight));
  }

  draw(rng: Prng): Interaction {
    return this.all.pick(rng);
  }

  /** One that may happen on any page. */
  drawAnywhere(rng: Prng): Interaction {
    return this.anywhere.pick(rng);
  }
}
