// Step: country (and region, city, coordinates, time zone with a city DB); excluded countries stop here.
import type { Geolocator } from '../enrichment/geolocate.js';
import { drop, ok, type Step } from '../pipeline.js';
import { siteOf, type TrackContext } from '../track-context.js';
import { exclusionsFor } from './site-exclusions.js';

export function geolocate(geolocator: Geolocator): Step<TrackContext> {
  return {
    name: 'geolocate',
    run(context) {
      context.geo = geolocator.lookup(context.ip);
      if (context.geo.country && exclusionsFor(siteOf(context)).country(context.geo.country)) {
        return drop('excluded_country', { message: 'Event not tracked - country excluded' });
      }
      return ok();
    },
  };
}
