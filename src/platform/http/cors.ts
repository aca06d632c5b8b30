// CORS: the tracking endpoints answer any origin; everything else allows credentials from BASE_URL only.
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

const OPEN_PATHS = ['/api/track', '/api/identify', '/api/script.js', '/api/site/tracking-config/'];

export async function registerCors(app: FastifyInstance, baseUrl: string): Promise<void> {
  const dashboardOrigin = new URL(baseUrl).origin;
  await app.register(cors, {
    delegator: (request, callback) => {
      const path = request.url ?? '';
      if (OPEN_PATHS.some((open) => path.startsWith(open))) {
        callback(null, { origin: true, credentials: false, methods: ['GET', 'POST', 'OPTIONS'] });
        return;
      }
      callback(null, { origin: dashboardOrigin, credentials: true, methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] });
    },
  });
}
