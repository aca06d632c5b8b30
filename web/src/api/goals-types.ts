// The goals and funnels pages' API shapes, all taken from the generated schema.d.ts.
import type { GetResponse, PostBody, PostResponse } from './types';

export type GoalsReport = GetResponse<'/api/sites/{site}/goals'>;
export type GoalRow = GoalsReport['data'][number];
export type GoalType = GoalRow['goalType'];
export type GoalsTimeSeries = GetResponse<'/api/sites/{site}/goals/time-series'>;
export type GoalBody = PostBody<'/api/sites/{site}/goals'>;
export type CreatedGoal = PostResponse<'/api/sites/{site}/goals'>;
export type GoalPreview = PostResponse<'/api/sites/{site}/goals/preview'>;

export type FunnelAnalysis = PostResponse<'/api/sites/{site}/funnels/analyze'>;
export type FunnelStepResult = FunnelAnalysis['data'][number];
export type FunnelStepBody = PostBody<'/api/sites/{site}/funnels/analyze'>['steps'][number];
export type SavedFunnels = GetResponse<'/api/sites/{site}/funnels'>;
export type SavedFunnel = SavedFunnels['data'][number];
export type NewFunnel = PostBody<'/api/sites/{site}/funnels'>;
export type CreatedFunnel = PostResponse<'/api/sites/{site}/funnels'>;
