// Webhooks in the metadata store; secrets are sealed at rest and opened only to sign a delivery.
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { MetadataDatabase, WebhooksTable } from '../platform/metadata-store/metadata-schema.js';
import type { SecretBox } from './secret-box.js';

export interface Webhook {
  readonly id: string;
  readonly site_id: number;
  readonly url: string;
  readonly goal_ids: number[];
  readonly event_names: string[];
  readonly description: string | null;
  readonly status: 'enabled' | 'disabled';
  readonly disabled_reason: string | null;
  readonly consecutive_failures: number;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface WebhookInput {
  readonly url: string;
  readonly goalIds: readonly number[];
  readonly eventNames: readonly string[];
  readonly description?: string | null | undefined;
}

function toWebhook(row: Selectable<WebhooksTable>): Webhook {
  return {
    id: row.id,
    site_id: row.site_id,
    url: row.url,
    goal_ids: JSON.parse(row.goal_ids) as number[],
    event_names: JSON.parse(row.event_names) as string[],
    description: row.description,
    status: row.status,
    disabled_reason: row.disabled_reason,
    consecutive_failures: row.consecutive_failures,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export class WebhookRepository {
  constructor(
    private readonly db: Kysely<MetadataDatabase>,
    private readonly box: SecretBox,
  ) {}

  async list(siteId: number): Promise<Webhook[]> {
    const rows = await this.db.selectFrom('webhooks').selectAll().where('site_id', '=', siteId).orderBy('created_at').execute();
    return rows.map(toWebhook);
  }

  async listEnabled(siteId: number): Promise<Webhook[]> {
    const rows = await this.db.selectFrom('webhooks').selectAll().where('site_id', '=', siteId).where('status', '=', 'enabled').execute();
    return rows.map(toWebhook);
  }

  async sitesWithEnabledWebhooks(): Promise<number[]> {
    const rows = await this.db.selectFrom('webhooks').select('site_id').distinct().where('status', '=', 'enabled').execute();
    return rows.map((row) => Number(row.site_id));
  }

  async count(siteId: number): Promise<number> {
    const row = await this.db.selectFrom('webhooks').select((eb) => eb.fn.countAll<number | string>().as('n')).where('site_id', '=', siteId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async get(siteId: number, id: string): Promise<Webhook | undefined> {
    const row = await this.db.selectFrom('webhooks').selectAll().where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
    return row ? toWebhook(row) : undefined;
  }

  /**
   * The webhook and its opened signing secret, in one read (every attempt and the test ping read both, so a rotation
   * applies at once); with `siteId`, only that site's webhook.
   */
  async withSecret(id: string, siteId?: number): Promise<{ webhook: Webhook; secret: string } | undefined> {
    let query = this.db.selectFrom('webhooks').selectAll().where('id', '=', id);
    if (siteId !== undefined) query = query.where('site_id', '=', siteId);
    const row = await query.executeTakeFirst();
    return row ? { webhook: toWebhook(row), secret: this.box.open(row.secret_sealed) } : undefined;
  }

  async create(siteId: number, input: WebhookInput, secret: string, createdBy: string | null): Promise<Webhook> {
    const now = new Date().toISOString();
    const row = await this.db
      .insertInto('webhooks')
      .values({
        id: `wh_${randomBytes(12).toString('hex')}`,
        site_id: siteId,
        url: input.url,
        goal_ids: JSON.stringify(input.goalIds),
        event_names: JSON.stringify(input.eventNames),
        description: input.description ?? null,
        secret_sealed: this.box.seal(secret),
        status: 'enabled',
        disabled_reason: null,
        consecutive_failures: 0,
        created_by: createdBy,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toWebhook(row);
  }

  async update(webhook: Webhook, patch: Partial<WebhookInput> & { enabled?: boolean | undefined }): Promise<Webhook> {
    const reenable = patch.enabled === true;
    const disable = patch.enabled === false;
    const row = await this.db
      .updateTable('webhooks')
      .set({
        url: patch.url ?? webhook.url,
        goal_ids: JSON.stringify(patch.goalIds ?? webhook.goal_ids),
        event_names: JSON.stringify(patch.eventNames ?? webhook.event_names),
        description: patch.description === undefined ? webhook.description : patch.description,
        ...(reenable ? { status: 'enabled' as const, disabled_reason: null, consecutive_failures: 0 } : {}),
        ...(disable ? { status: 'disabled' as const, disabled_reason: 'Disabled by the owner' } : {}),
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', webhook.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toWebhook(row);
  }

  async rotateSecret(id: string, secret: string): Promise<void> {
    await this.db.updateTable('webhooks').set({ secret_sealed: this.box.seal(secret), updated_at: new Date().toISOString() }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('webhooks').where('id', '=', id).execute();
  }

  /** A failed attempt: counts toward the disable threshold; returns the new count. */
  async recordFailure(id: string, threshold: number, reason: string): Promise<{ failures: number; disabled: boolean }> {
    const now = new Date().toISOString();
    await this.db.updateTable('webhooks').set((eb) => ({ consecutive_failures: eb('consecutive_failures', '+', 1), updated_at: now })).where('id', '=', id).execute();
    const row = await this.db.selectFrom('webhooks').select(['consecutive_failures', 'status']).where('id', '=', id).executeTakeFirst();
    const failures = row?.consecutive_failures ?? 0;
    if (row && row.status === 'enabled' && failures >= threshold) {
      await this.db
        .updateTable('webhooks')
        .set({ status: 'disabled', disabled_reason: `Disabled after ${failures} consecutive failed deliveries (last: ${reason})`, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'enabled')
        .execute();
      return { failures, disabled: true };
    }
    return { failures, disabled: false };
  }

  async recordSuccess(id: string): Promise<void> {
    await this.db.updateTable('webhooks').set({ consecutive_failures: 0 }).where('id', '=', id).execute();
  }
}
