// Generic pickers of request and answer bodies from the generated OpenAPI types, for the methods types.ts leaves out.
import type { paths } from './schema';

type JsonBody<Part> = Part extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body of a 200 answer to `M` on `P`. */
export type AnswerOf<P extends keyof paths, M extends 'post' | 'put' | 'patch' | 'delete'> = paths[P] extends { [K in M]: { responses: { 200: infer R } } } ? JsonBody<R> : never;
/** The JSON body `M` on `P` takes. */
export type BodyOf<P extends keyof paths, M extends 'post' | 'put' | 'patch'> = paths[P] extends { [K in M]: { requestBody: infer R } } ? JsonBody<R> : never;
