// What OpenAPI shows of a better-auth endpoint that Loupe registers explicitly (auth-route-docs.ts).
import type { z } from 'zod';
import type { OpenApiTag } from '../http/openapi.js';

export interface DocumentedAuthRoute {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly tag: OpenApiTag;
  readonly summary: string;
  readonly security: ReadonlyArray<Record<string, string[]>>;
  readonly body?: z.ZodType;
}
