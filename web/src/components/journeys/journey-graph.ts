// The Sankey diagram's graph from the API's journeys: a node per page at each step, and each journey's own chain
// of links carrying its session count (journeys sharing two pages get parallel links, so no count is re-added).
import type { Journey } from '../../api/insight-types';

export interface JourneyNode {
  readonly id: string;
  /** 0-based position in the journey. */
  readonly step: number;
  readonly page: string;
}

export interface JourneyLink {
  readonly source: string;
  readonly target: string;
  /** The journey's session count, as the API gave it. */
  readonly value: number;
  /** The journey's rank (0-based) in the API's answer. */
  readonly journey: number;
  /** The step the link leaves from. */
  readonly step: number;
}

export const nodeIdOf = (step: number, page: string) => JSON.stringify([step, page]);

export function journeyGraph(journeys: readonly Journey[]): { nodes: JourneyNode[]; links: JourneyLink[] } {
  const nodes = new Map<string, JourneyNode>();
  const links: JourneyLink[] = [];
  journeys.forEach((journey, rank) => {
    journey.path.forEach((page, step) => {
      const id = nodeIdOf(step, page);
      if (!nodes.has(id)) nodes.set(id, { id, step, page });
      const next = journey.path[step + 1];
      if (next !== undefined) links.push({ source: id, target: nodeIdOf(step + 1, next), value: journey.count, journey: rank, step });
    });
  });
  return { nodes: [...nodes.values()], links };
}

/** A label that fits beside a node: long paths keep their start and end around an ellipsis. */
export function shortPage(page: string, max = 28): string {
  if (page.length <= max) return page;
  const head = Math.ceil((max - 1) / 2);
  return `${page.slice(0, head)}…${page.slice(page.length - (max - 1 - head))}`;
}
