// The simulated site's pages: hostnames, paths, titles, optional query strings and Zipf-like popularity.
import type { PagesTable, SiteTable } from './catalog-schema.js';
import { zipfWeights } from './distributions.js';
import type { Prng } from './prng.js';
import { WeightedPicker } from './weighted-picker.js';

export interface PageQuery {
  readonly probability: number;
  readonly params: readonly (readonly [string, readonly string[]])[];
}

export interface SitePage {
  /** Position in the site's page list. */
  readonly id: number;
  readonly hostname: string;
  readonly pathname: string;
  readonly title: string;
  readonly query: PageQuery | undefined;
  /** How heavy the page is to load, 0.75..1.6, fixed per page so performance differs by pathname. */
  readonly loadFactor: number;
}

export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function hostFor(site: SiteTable, key: string): string {
  const host = site.hosts[key];
  if (!host) throw new Error(`pages.json names an unknown host "${key}"`);
  return host;
}

function loadFactorFor(index: number): number {
  return 0.75 + ((index * 7919) % 86) / 100;
}

export class SitePages {
  readonly pages: readonly SitePage[];
  private readonly byPath = new Map<string, SitePage>();
  private readonly picker: WeightedPicker<SitePage>;

  constructor(table: PagesTable, site: SiteTable) {
    const pages: SitePage[] = [];
    const weights: number[] = [];
    const add = (hostKey: string, pathname: string, title: string, weight: number, query?: PageQuery) => {
      const page = { id: pages.length, hostname: hostFor(site, hostKey), pathname, title, query, loadFactor: loadFactorFor(pages.length) };
      pages.push(page);
      weights.push(weight);
      this.byPath.set(pathname, page);
    };
    for (const page of table.pages) {
      const query = page.query && { probability: page.query.probability, params: Object.entries(page.query.params) };
      add(page.host, page.path, page.title + site.titleSuffix, page.weight, query);
    }
    for (const group of table.groups) {
      const shares = zipfWeights(group.items.length, group.zipf);
      const total = shares.reduce((sum, share) => sum + share, 0);
      group.items.forEach((item, index) => {
        const title = group.titleFormat.replace('{title}', item);
        add(group.host, group.prefix + slugify(item), title, (group.weight * (shares[index] ?? 0)) / total);
      });
    }
    this.pages = pages;
    this.picker = new WeightedPicker(pages, weights);
  }

  /** A page by popularity. */
  pick(rng: Prng): SitePage {
    return this.picker.pick(rng);
  }

  find(pathname: string): SitePage | undefined {
    return this.byPath.get(pathname);
  }

  /** The page at `pathname`, which the data tables promise exists. */
  require(pathname: string): SitePage {
    const page = this.byPath.get(pathname);
    if (!page) throw new Error(`No page "${pathname}" in pages.json`);
    return page;
  }
}

/** The page's own query parameters for one visit (often none). */
export function drawPageQuery(page: SitePage, rng: Prng): [string, string][] {
  const query = page.query;
  if (!query || !rng.chance(query.probability)) return [];
  return query.params.map(([key, values]) => [key, rng.pick(values)]);
}
