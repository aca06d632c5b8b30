// Request-time step: events from a country the site excluded are acknowledged with a message and not stored.
// Only sites with excluded countries pay for the address lookup here; everyone else's happens at enrichment.
import type { Geolocator } from '../../classifiers/geolocator.js';
import { drop, ok, type Step } from '../pipeline.js';
import { siteOf, type TrackContext } from './track-context.js';
import { exclusionsFor } from './site-exclusions.js';

export function excludeCountry(geolocator: Geolocator): Step<TrackContext> {
  return {
    name: 'exclude-country',
    run(context) {
      const site = siteOf(context);
      if (site.excludedCountries.length === 0) return ok();
      const { country } = geolocator.lookup(context.ip);
      if (country && exclusionsFor(site).country(country)) return drop('excluded_country', { message: 'Event not tracked - country excluded' });
      return ok();
    },
  };
}
