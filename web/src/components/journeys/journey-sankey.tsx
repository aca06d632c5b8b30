// JourneySankey: the journeys as a Sankey diagram in SVG (d3-sankey lays it out, React draws it). Each journey keeps
// its own coloured chain of links, every node and link is named for screen readers; loaded as its own chunk.
import { useEffect, useMemo, useRef, useState } from 'react';
import { sankey, sankeyLinkHorizontal, type SankeyLink, type SankeyNode } from 'd3-sankey';
import type { Journey } from '../../api/insight-types';
import { journeyGraph, shortPage, type JourneyLink, type JourneyNode } from './journey-graph';

type LinkData = Omit<JourneyLink, 'source' | 'target'>;
type LaidNode = SankeyNode<JourneyNode, LinkData>;
type LaidLink = SankeyLink<JourneyNode, LinkData>;

/** The narrowest a step may be: below it the diagram scrolls sideways rather than squeezing its labels. */
const MIN_STEP_WIDTH = 200;
const NODE_WIDTH = 10;
const ROW_HEIGHT = 44;
const MIN_HEIGHT = 200;
/** Journeys beyond the palette reuse its colours in order; the table tells them apart. */
export const JOURNEY_COLOURS: readonly string[] = ['#6366f1', '#0891b2', '#d97706', '#db2777', '#16a34a', '#7c3aed', '#dc2626', '#0d9488', '#ca8a04', '#2563eb'];

const colourOf = (journey: number) => JOURNEY_COLOURS[journey % JOURNEY_COLOURS.length] ?? '#6366f1';
const pageOf = (end: LaidLink['source']) => (typeof end === 'object' ? end.page : String(end));
const linkPath = sankeyLinkHorizontal<JourneyNode, LinkData>();

/** The layout in a box `room` pixels wide (at least MIN_STEP_WIDTH per step). */
function layoutOf(journeys: readonly Journey[], room: number) {
  const graph = journeyGraph(journeys);
  const columns = graph.nodes.reduce((max, node) => Math.max(max, node.step + 1), 1);
  const perColumn = new Map<number, number>();
  for (const node of graph.nodes) perColumn.set(node.step, (perColumn.get(node.step) ?? 0) + 1);
  const width = Math.max(room, (columns - 1) * MIN_STEP_WIDTH + NODE_WIDTH);
  const height = Math.max(MIN_HEIGHT, Math.max(0, ...perColumn.values()) * ROW_HEIGHT);
  const layout = sankey<JourneyNode, LinkData>()
    .nodeId((node) => node.id)
    .nodeWidth(NODE_WIDTH)
    .nodePadding(16)
    .extent([[0, 4], [width, height - 4]]);
  const laid = layout({ nodes: graph.nodes.map((node) => ({ ...node })), links: graph.links.map((link) => ({ ...link })) });
  return { nodes: laid.nodes as LaidNode[], links: laid.links as LaidLink[], width, height, columns };
}

export interface JourneySankeyProps {
  readonly journeys: readonly Journey[];
}

export function JourneySankey({ journeys }: JourneySankeyProps) {
  const [active, setActive] = useState<number | undefined>(undefined);
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const measure = () => setRoom(Math.max(0, element.clientWidth - 2));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const { nodes, links, width, height, columns } = useMemo(() => layoutOf(journeys, room), [journeys, room]);
  const linkName = (link: LaidLink) => {
    const journey = journeys[link.journey];
    return `Journey ${link.journey + 1}, step ${link.step + 1} to ${link.step + 2}: ${pageOf(link.source)} to ${pageOf(link.target)}, ` +
      `${link.value} sessions${journey ? ` (${journey.percentage}% of sessions)` : ''}`;
  };
  return (
    <div ref={box} tabIndex={0} role="region" aria-label="Journeys diagram (scrolls sideways)" className="overflow-x-auto rounded pb-2 focus-visible:outline-2 focus-visible:outline-indigo-500">
      <svg
        width={width + 2}
        height={height}
        viewBox={`-1 0 ${width + 2} ${height}`}
        role="group"
        aria-label={`Sankey diagram of the ${journeys.length} most common journeys through ${columns} pages`}
        data-testid="journey-sankey"
        className="block"
      >
        <g fill="none">
          {links.map((link) => (
            <path
              key={`${link.journey}-${link.step}`}
              d={linkPath(link) ?? undefined}
              stroke={colourOf(link.journey)}
              strokeOpacity={active === undefined ? 0.45 : active === link.journey ? 0.85 : 0.12}
              strokeWidth={Math.max(1, link.width ?? 1)}
              role="img"
              aria-label={linkName(link)}
              data-testid="sankey-link"
              data-journey={link.journey}
              data-step={link.step}
              data-source={pageOf(link.source)}
              data-target={pageOf(link.target)}
              data-count={link.value}
              onMouseEnter={() => setActive(link.journey)}
              onMouseLeave={() => setActive(undefined)}
            >
              <title>{linkName(link)}</title>
            </path>
          ))}
        </g>
        {nodes.map((node) => {
          const x0 = node.x0 ?? 0;
          const y0 = node.y0 ?? 0;
          const y1 = node.y1 ?? 0;
          const last = node.step === columns - 1;
          const name = `Step ${node.step + 1}: ${node.page}`;
          return (
            <g key={node.id} role="img" aria-label={name} data-testid="sankey-node" data-step={node.step} data-page={node.page}>
              <title>{name}</title>
              <rect x={x0} y={y0} width={NODE_WIDTH} height={Math.max(1, y1 - y0)} className="fill-slate-700 dark:fill-slate-300" />
              <text
                x={last ? x0 - 6 : x0 + NODE_WIDTH + 6}
                y={(y0 + y1) / 2}
                dy="0.35em"
                textAnchor={last ? 'end' : 'start'}
                className="fill-slate-900 stroke-white text-xs dark:fill-slate-100 dark:stroke-slate-900"
                style={{ paintOrder: 'stroke', strokeWidth: 3, strokeLinejoin: 'round' }}
              >
                {shortPage(node.page)}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}

