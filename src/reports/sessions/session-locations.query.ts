// Sessions counted per place (coordinates, city, country): the map of the main and realtime pages.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';

export interface SessionLocation {
  lat: number;
  lon: number;
  city: string;
  country: string;
  count: number;
}

/**
 * Sessions with an event matching the query, grouped by their first event's place; most sessions first
 * (ties by country, city, coordinates). Sessions without a located event count at 0,0 with empty names.
 */
export async function sessionLocations(store: AnalyticsStore, query: StatsQuery): Promise<SessionLocation[]> {
  const where = baseWhere(query);
  // Inner aliases are prefixed: ClickHouse resolves SELECT aliases in WHERE, and one named like a column would capture the filters.
  const rows = await store.query<{ lat: number; lon: number; city: string; country: string; sessions: string }>(
    `SELECT l_lat AS lat, l_lon AS lon, l_city AS city, l_country AS country, count() AS l_sessions, toString(l_sessions) AS sessions FROM (
       SELECT argMin(lat, timestamp) AS l_lat, argMin(lon, timestamp) AS l_lon,
         argMin(city, timestamp) AS l_city, argMin(country, timestamp) AS l_country
       FROM events WHERE ${where.sql} GROUP BY session_id
     )
     GROUP BY l_lat, l_lon, l_city, l_country
     ORDER BY l_sessions DESC, l_country, l_city, l_lat, l_lon`,
    where.params,
  );
  return rows.map((row) => ({ lat: Number(row.lat), lon: Number(row.lon), city: row.city, country: row.country, count: Number(row.sessions) }));
}
