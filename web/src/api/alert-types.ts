// The API shapes of the alert and report-mail pages: from the generated schema.d.ts.
import type { AnswerOf, BodyOf, GetResponse } from './types';

export type Alert = GetResponse<'/api/sites/{siteId}/alerts/{alertId}'>['data'];
export type NewAlert = BodyOf<'/api/sites/{siteId}/alerts', 'post'>;
export type AlertChanges = BodyOf<'/api/sites/{siteId}/alerts/{alertId}', 'patch'>;
export type AlertPreset = GetResponse<'/api/sites/{siteId}/alert-presets'>['data'][number];
export type AlertFiring = GetResponse<'/api/sites/{siteId}/alert-firings'>['data'][number];
export type ReportSubscription = GetResponse<'/api/sites/{siteId}/email-reports'>['data'];
export type ReportSubscriptionChange = BodyOf<'/api/sites/{siteId}/email-reports', 'put'>;
export type SavedSubscription = AnswerOf<'/api/sites/{siteId}/email-reports', 'put'>['data'];
