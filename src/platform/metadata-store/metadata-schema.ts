// Kysely's view of the metadata store: every table of it by name (Loupe's own tables, and the better-auth columns
// Loupe reads). The tables' column types live in tables/, one file per area; they are re-exported here.
import type { SitesTable, SitePrivateLinksTable, DailySaltsTable } from './tables/sites-tables.js';
import type { TeamSitesTable, TeamRestrictionsTable, MemberSiteRestrictionsTable, MemberSitesTable, MemberTable, OrganizationTable, OrganizationPlansTable, TeamMemberTable, TeamTable, ApiKeyTable, UserTable, OrganizationSignInPoliciesTable, InvitationTable, InvitationTokensTable } from './tables/organization-tables.js';
import type { SegmentsTable, AnnotationsTable, GoalsTable, FunnelsTable, ImportsTable } from './tables/report-tables.js';
import type { WebhooksTable, WebhookDeliveriesTable, AlertRulesTable, AlertFiringsTable, MailOutboxTable, ReportSubscriptionsTable, ScheduleLeasesTable } from './tables/outbound-tables.js';

export type * from './tables/sites-tables.js';
export type * from './tables/organization-tables.js';
export type * from './tables/report-tables.js';
export type * from './tables/outbound-tables.js';

export interface MetadataDatabase {
  imports: ImportsTable;
  goals: GoalsTable;
  funnels: FunnelsTable;
  annotations: AnnotationsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  alert_rules: AlertRulesTable;
  alert_firings: AlertFiringsTable;
  mail_outbox: MailOutboxTable;
  schedule_leases: ScheduleLeasesTable;
  report_subscriptions: ReportSubscriptionsTable;
  segments: SegmentsTable;
  daily_salts: DailySaltsTable;
  sites: SitesTable;
  site_private_links: SitePrivateLinksTable;
  team_sites: TeamSitesTable;
  team_restrictions: TeamRestrictionsTable;
  member_site_restrictions: MemberSiteRestrictionsTable;
  member_sites: MemberSitesTable;
  member: MemberTable;
  organization: OrganizationTable;
  organization_plans: OrganizationPlansTable;
  organization_sign_in_policies: OrganizationSignInPoliciesTable;
  team: TeamTable;
  teamMember: TeamMemberTable;
  user: UserTable;
  apikey: ApiKeyTable;
  invitation: InvitationTable;
  invitation_tokens: InvitationTokensTable;
}
