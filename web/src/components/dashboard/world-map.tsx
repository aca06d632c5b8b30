// WorldMap: countries of world-atlas (110m) drawn as SVG paths, shaded by the breakdown's sessions; a click filters.
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-110m.json';
import type { MetricEntry } from '../../api/types';
import { alpha2Of } from './country-codes';

export interface WorldMapProps {
  readonly rows: readonly MetricEntry[];
  readonly onSelect: (country: string) => void;
}

const WIDTH = 800;
const HEIGHT = 400;
type Ring = number[][];

/** An equirectangular SVG path of polygons' rings (longitude/latitude pairs). */
export function ringsPath(polygons: readonly (readonly Ring[])[]): string {
  const point = ([lon = 0, lat = 0]: number[]) => `${(((lon + 180) / 360) * WIDTH).toFixed(1)},${(((90 - lat) / 180) * HEIGHT).toFixed(1)}`;
  return polygons.map((rings) => rings.map((ring) => `M${ring.map(point).join('L')}Z`).join('')).join('');
}

const topology = atlas as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
const SHAPES = feature(topology, topology.objects.countries).features.flatMap((country) => {
  const geometry = country.geometry;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
  const code = country.id === undefined ? undefined : alpha2Of(String(country.id));
  return code === undefined || country.properties.name === 'Antarctica' ? [] : [{ code, name: country.properties.name, path: ringsPath(polygons) }];
});

export default function WorldMap({ rows, onSelect }: WorldMapProps) {
  const counts = new Map(rows.map((row) => [row.value.toUpperCase(), row.count]));
  const max = Math.max(1, ...counts.values());
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT - 60}`} className="h-auto w-full" role="img" aria-label={`Sessions by country on a world map: ${rows.map((row) => `${row.value} ${row.count}`).join(', ') || 'none'}`}>
      {SHAPES.map(({ code, name, path }) => {
        const count = counts.get(code) ?? 0;
        const label = `${name}: ${count} sessions`;
        // The map answers the mouse; the Countries tab is the same list as native buttons for the keyboard.
        return count === 0 ? (
          <path key={code} d={path} className="fill-slate-200 stroke-white dark:fill-slate-800 dark:stroke-slate-900" strokeWidth={0.5}><title>{label}</title></path>
        ) : (
          <path key={code} d={path} data-country={code} onClick={() => onSelect(code)} className="cursor-pointer fill-indigo-600 stroke-white dark:fill-indigo-400 dark:stroke-slate-900" fillOpacity={0.25 + 0.75 * (count / max)} strokeWidth={0.5}><title>{label}</title></path>
        );
      })}
    </svg>
  );
}
