// Enrichment step: country (and region, city, coordinates, time zone with a city DB) of the client address.
import type { Geolocator } from '../../classifiers/geolocator.js';
import type { EnrichContext } from './enrich-context.js';
import { ok, type Step } from '../pipeline.js';

export function geolocate(geolocator: Geolocator): Step<EnrichContext> {
  return {
    name: 'geolocate',
    run(context) {
      context.geo = geolocator.lookup(context.record.ip);
      return ok();
    },
  };
}
