// `plan set|get --org <id>`: the operator sets or reads an organization's plan, straight in the metadata
// store (the only writer of organization_plans; no API route can change a plan).
import { parseArgs } from 'node:util';
import type { MetadataDb } from '../platform/metadata-store/create-metadata-db.js';
import { OrganizationPlans, PLANS, isPlan } from '../organizations/index.js';

export const PLAN_USAGE = `  loupe plan set --org <organizationId> <${PLANS.join('|')}>
  loupe plan get --org <organizationId>

  Sets or shows an organization's plan (WEBHOOKS_PAID_ONLY lets only paid organizations create webhooks).
  Works on the metadata store of DATA_DIR or DATABASE_URL; the server may keep running.`;

/** Wrong arguments: the command prints the usage and exits with 2. */
export class CliUsageError extends Error {}

export interface PlanAnswer {
  readonly organizationId: string;
  readonly plan: string;
}

export async function planCommand(args: readonly string[], meta: MetadataDb): Promise<PlanAnswer> {
  const { values, positionals } = parseArgs({ args: [...args], options: { org: { type: 'string' } }, allowPositionals: true, strict: true });
  const [action, plan, ...extra] = positionals;
  const organizationId = values.org;
  if (!organizationId || extra.length > 0) throw new CliUsageError('plan needs --org <organizationId>');
  const plans = new OrganizationPlans(meta.db);
  if (action === 'get' && plan === undefined) {
    if (!(await plans.exists(organizationId))) throw new Error(`no organization with id ${organizationId}`);
    return { organizationId, plan: await plans.planOf(organizationId) };
  }
  if (action !== 'set' || plan === undefined || !isPlan(plan)) throw new CliUsageError(`plan set needs one of: ${PLANS.join(', ')}`);
  if (!(await plans.setPlan(organizationId, plan))) throw new Error(`no organization with id ${organizationId}`);
  return { organizationId, plan };
}
