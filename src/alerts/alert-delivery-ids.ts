// Ids of a firing's mails and webhook deliveries, derived from the firing and the target: queued at most once,
// and found again for the firing log.
import { createHash } from 'node:crypto';

const hashId = (prefix: string, text: string) => `${prefix}_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;

export const alertMailId = (firingId: string, recipient: string): string => hashId('mail', `${firingId}|${recipient}`);
export const alertDeliveryId = (firingId: string, webhookId: string): string => hashId('whd', `${firingId}|${webhookId}`);
