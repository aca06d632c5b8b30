// The API shapes of the organization page, from the generated schema.d.ts.
import type { AnswerOf, BodyOf, GetResponse } from './types';

export type Member = GetResponse<'/api/organizations/{organizationId}/members'>['data'][number];
export type NewInvitation = BodyOf<'/api/organizations/{organizationId}/invitations', 'post'>;
export type Invitation = AnswerOf<'/api/organizations/{organizationId}/invitations', 'post'>;
export type Role = BodyOf<'/api/organizations/{organizationId}/members/{memberId}', 'patch'>['role'];
export type Team = GetResponse<'/api/organizations/{organizationId}/teams'>['teams'][number];
export type NewTeam = BodyOf<'/api/organizations/{organizationId}/teams', 'post'>;
export type TeamChanges = BodyOf<'/api/organizations/{organizationId}/teams/{teamId}', 'put'>;
