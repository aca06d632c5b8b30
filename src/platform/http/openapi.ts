// OpenAPI 3.1.1 generated from the route schemas, served at /api/openapi.json, with a reference at /api/docs.
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { registerLazyApiReference } from './lazy-api-reference.js';

/** The source document's endpoint groups: every route is tagged with one of these and no other. */
export const OPENAPI_TAGS = [
  'Annotations', 'Api Keys', 'Bots', 'Errors', 'Events', 'Funnels', 'General', 'Goals', 'Imports', 'Insights',
  'Organizations', 'Overview', 'Performance', 'Segments', 'Session Replay', 'Sessions', 'Sites', 'Teams',
  'User Traits', 'Users',
] as const;

export type OpenApiTag = (typeof OPENAPI_TAGS)[number];

/** The cookie is an ambient credential: the rule that keeps other sites from using it (platform/http/cookie-call-origin.ts). */
const COOKIE_SESSION_DESCRIPTION =
  "The browser session set by sign-in. POST, PUT, PATCH and DELETE calls authenticated by it must carry an Origin header equal to BASE_URL's origin (or, without Origin, Sec-Fetch-Site: same-origin); others answer 403. API keys (bearer or api_key) are not subject to this rule.";

export async function registerOpenApi(app: FastifyInstance, baseUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.1',
      info: { title: 'Loupe analytics API', version: '2.8.0-beta', description: 'Web and product analytics: ingestion, reports, goals, funnels, errors, bots, webhooks.' },
      servers: [{ url: baseUrl }],
      tags: OPENAPI_TAGS.map((name) => ({ name })),
      components: {
        securitySchemes: {
          BearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key>' },
          QueryApiKey: { type: 'apiKey', in: 'query', name: 'api_key' },
          CookieSession: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token', description: COOKIE_SESSION_DESCRIPTION },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  registerLazyApiReference(app, '/api/openapi.json');
}
