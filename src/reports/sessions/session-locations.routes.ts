// GET /sessions/locations: sessions per place for the map (a fixed path, so it wins over /sessions/{sessionId}).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerReport, type ReportDeps } from '../report-route.js';
import { sessionLocations } from './session-locations.query.js';

const SessionLocationsSchema = z.object({
  data: z.array(z.object({
    lat: z.number().describe('latitude of the place (0 for unlocated sessions)'),
    lon: z.number().describe('longitude of the place (0 for unlocated sessions)'),
    city: z.string(),
    country: z.string().describe('ISO 3166-1 alpha-2 code'),
    count: z.number().int().describe('sessions'),
  })),
});

export async function sessionLocationsRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  registerReport(app, deps, {
    path: '/sessions/locations',
    tag: 'Sessions',
    scope: 'sessions:read',
    summary:
      "Sessions with an event matching the filters, counted per place of their first event, as {data: [{lat, lon, city, country, count}]}, " +
      'most sessions first; unlocated sessions count at 0,0 with empty names',
    response: SessionLocationsSchema,
    run: async ({ store, query }) => ({ data: await sessionLocations(store, query) }),
  });
}
