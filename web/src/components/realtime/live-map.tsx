// LiveMap: where the visitors of the last 5 minutes are, as dots on the world map (GET /sessions/locations: sessions
// counted per city, never one row per visitor), polled with the live count; a list of the places for the keyboard
// and screen readers.
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { sitePath } from '../../api/report-query';
import type { GetResponse } from '../../api/types';
import { ErrorMessage } from '../error-message';
import { countryName } from '../dimensions/country-names';
import { SHAPES } from '../report-kit/world-map';

type Locations = GetResponse<'/api/sites/{site}/sessions/locations'>;
export type LivePlace = Locations['data'][number];

const WIDTH = 800;
const HEIGHT = 400;
/** The window the live count uses too. */
export const LIVE_MINUTES = 5;

export const useLiveLocations = (site: string, intervalMs: number | false) =>
  useQuery({
    queryKey: ['/api/sites/sessions/locations', site, 'live'],
    queryFn: () => apiRequest<Locations>(sitePath(site, '/sessions/locations', { past_minutes_start: LIVE_MINUTES, past_minutes_end: 0 })),
    refetchInterval: intervalMs,
  });

/** A place is located unless the API put it at 0,0 with no names (sessions with no known place). */
export const isLocated = (place: LivePlace): boolean => !(place.lat === 0 && place.lon === 0 && place.city === '' && place.country === '');

/** The dot's centre on the equirectangular map. */
export const dotAt = (place: LivePlace): { x: number; y: number } => ({ x: ((place.lon + 180) / 360) * WIDTH, y: ((90 - place.lat) / 180) * HEIGHT });

const placeName = (place: LivePlace) => [place.city, countryName(place.country)].filter((part) => part !== '').join(', ') || 'Unknown place';

export default function LiveMap({ site, intervalMs }: { site: string; intervalMs: number | false }) {
  const answer = useLiveLocations(site, intervalMs);
  const places = answer.data?.data ?? [];
  const located = places.filter(isLocated);
  const unlocated = places.filter((place) => !isLocated(place)).reduce((sum, place) => sum + place.count, 0);
  const max = Math.max(1, ...located.map((place) => place.count));
  return (
    <div className="flex flex-col gap-2" data-bench-piece="live-map" data-bench-state={answer.isSuccess ? (places.length === 0 ? 'empty' : 'ready') : 'loading'}>
      <ErrorMessage error={answer.error} />
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT - 60}`} className="h-auto w-full" role="img" data-testid="live-map" data-dots={located.length}
        aria-label={`Visitors of the last ${LIVE_MINUTES} minutes on a world map: ${located.map((place) => `${placeName(place)} ${place.count}`).join(', ') || 'none located'}`}>
        {SHAPES.map(({ code, path }) => <path key={code} d={path} className="fill-slate-200 stroke-white dark:fill-slate-800 dark:stroke-slate-900" strokeWidth={0.5} />)}
        {located.map((place) => {
          const { x, y } = dotAt(place);
          return (
            <circle key={`${place.lat},${place.lon},${place.city}`} cx={x.toFixed(1)} cy={y.toFixed(1)} r={(3 + 7 * Math.sqrt(place.count / max)).toFixed(1)}
              data-place={placeName(place)} data-count={place.count} className="fill-emerald-500/70 stroke-emerald-700 dark:fill-emerald-400/70 dark:stroke-emerald-300" strokeWidth={1}>
              <title>{`${placeName(place)}: ${place.count}`}</title>
            </circle>
          );
        })}
      </svg>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300" data-testid="live-places">
        {located.map((place) => <li key={`${place.lat},${place.lon},${place.city}`}>{placeName(place)}: <span className="tabular-nums">{place.count}</span></li>)}
        {unlocated > 0 ? <li>Place unknown: <span className="tabular-nums">{unlocated}</span></li> : null}
        {answer.isSuccess && places.length === 0 ? <li>No visitor in the last {LIVE_MINUTES} minutes.</li> : null}
      </ul>
    </div>
  );
}
