// The API shapes of the sessions, users, traits and segments pages, from the generated schema.d.ts.
import type { GetResponse, PostBody, PostResponse, PutBody } from './types';

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
export type SegmentChange = PutBody<'/api/sites/{site}/segments/{segmentId}'>;

export type NewAnnotation = PostBody<'/api/sites/{site}/annotations'>;
export type AnnotationChange = PutBody<'/api/sites/{site}/annotations/{annotationId}'>;
export type CreatedAnnotation = PostResponse<'/api/sites/{site}/annotations'>;
