// The API shapes of the sessions, users, traits and segments pages, from the generated schema.d.ts.
import type { paths } from './schema';
import type { GetResponse, PostBody } from './types';

export type SessionList = GetResponse<'/api/sites/{site}/sessions'>;
export type SessionRow = SessionList['data'][number];
export type SessionDetail = GetResponse<'/api/sites/{site}/sessions/{sessionId}'>['data'];
export type SessionEvent = SessionDetail['events'][number];

export type UserList = GetResponse<'/api/sites/{site}/users'>;
export type UserRow = UserList['data'][number];
export type UserDetail = GetResponse<'/api/sites/{site}/users/{userId}'>['data'];
export type TraitKeys = GetResponse<'/api/sites/{site}/user-traits/keys'>;
export type TraitValues = GetResponse<'/api/sites/{site}/user-traits/values'>;

export type Segment = GetResponse<'/api/sites/{site}/segments'>[number];
export type NewSegment = PostBody<'/api/sites/{site}/segments'>;
export type SegmentChange = paths['/api/sites/{site}/segments/{segmentId}']['put']['requestBody']['content']['application/json'];

export type NewAnnotation = PostBody<'/api/sites/{site}/annotations'>;
export type AnnotationChange = paths['/api/sites/{site}/annotations/{annotationId}']['put']['requestBody']['content']['application/json'];
export type CreatedAnnotation = paths['/api/sites/{site}/annotations']['post']['responses'][200]['content']['application/json'];
