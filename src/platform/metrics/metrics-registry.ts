// The process's metric families, rendered together for a scrape.
import type { MetricFamily } from './metric-types.js';

export class MetricsRegistry {
  private readonly families = new Map<string, MetricFamily>();

  register<T extends MetricFamily>(family: T): T {
    if (this.families.has(family.name)) throw new Error(`metric ${family.name} is registered twice`);
    this.families.set(family.name, family);
    return family;
  }

  /** The whole exposition: every family's block, one line feed after each line. */
  async render(): Promise<string> {
    const blocks = await Promise.all([...this.families.values()].map((family) => family.render()));
    return blocks.flat().map((line) => `${line}\n`).join('');
  }
}
