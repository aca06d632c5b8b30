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

/**
 * A ring whose longitudes jump by more than 180° between two points crosses the antimeridian (Russia's east, Fiji):
 * drawn as it is, that edge would span the whole map. The longitudes are unwrapped (±360° from the jump on) so the
 * ring stays in one piece, and a ring that then reaches past ±180° is drawn a second time shifted by 360° to show
 * the part beyond the edge on the other side (the view box cuts what lies outside).
 */
export function unwrapRing(ring: Ring): Ring {
  let shift = 0;
  let previous: number | undefined;
  return ring.map(([lon = 0, lat = 0]) => {
    if (previous !== undefined && Math.abs(lon + shift - previous) > 180) shift += lon + shift > previous ? -360 : 360;
    previous = lon + shift;
    return [lon + shift, lat];
  });
}

/** An equirectangular SVG path of polygons' rings (longitude/latitude pairs), antimeridian crossings unwrapped. */
export function ringsPath(polygons: readonly (readonly Ring[])[]): string {
  const point = ([lon = 0, lat = 0]: number[]) => `${(((lon + 180) / 360) * WIDTH).toFixed(1)},${(((90 - lat) / 180) * HEIGHT).toFixed(1)}`;
  const draw = (ring: Ring) => `M${ring.map(point).join('L')}Z`;
  return polygons.map((rings) => rings.map((ring) => {
    const whole = unwrapRing(ring);
    const longitudes = whole.map(([lon = 0]) => lon);
    const beyond = Math.max(...longitudes) > 180 ? -360 : Math.min(...longitudes) < -180 ? 360 : 0;
    return beyond === 0 ? draw(whole) : draw(whole) + draw(whole.map(([lon = 0, lat = 0]) => [lon + beyond, lat]));
  }).join('')).join('');
}

const topology = atlas as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
export const SHAPES = feature(topology, topology.objects.countries).features.flatMap((country) => {
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
