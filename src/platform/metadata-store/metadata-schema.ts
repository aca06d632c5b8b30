// Kysely table types of the metadata store (Loupe's own tables; better-auth owns its tables' access).
import type { ColumnType, Generated } from 'kysely';

export interface SitesTable {
  site_id: Generated<number>;
  id: string;
  organization_id: string;
  domain: string;
  name: string;
  /** JSON of SiteSettings. */
  settings: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** One private link per site (migration 0010): a digest to check requests, the key sealed for admins. */
export interface SitePrivateLinksTable {
  site_id: number;
  key_digest: string;
  sealed_key: string;
  created_at: string;
  /** scrypt hash of the link's password (migration 0026); null: the key alone opens the link. */
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface TeamSitesTable {
  team_id: string;
  site_id: number;
}

/** Teams whose members are limited to the team's sites (even when it has none left). */
export interface TeamRestrictionsTable {
  team_id: string;
}

/** Members limited to chosen sites directly (the sites are in member_sites; none listed: no site). */
export interface MemberSiteRestrictionsTable {
  member_id: string;
}

export interface MemberSitesTable {
  member_id: string;
  site_id: number;
}

export interface MemberTable {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: Date | string;
}

export interface OrganizationTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  createdAt: Date | string;
  metadata: string | null;
}

/** Written only by the operator's command line (src/organizations/organization-plans.ts). */
export interface OrganizationPlansTable {
  organization_id: string;
  /** 'free' | 'paid' (checked by the table). */
  plan: string;
  updated_at: string;
}

export interface TeamMemberTable {
  id: string;
  teamId: string;
  userId: string;
  /** better-auth's digest of (teamId, userId); see src/teams/team.repository.ts. */
  membershipKey: string | null;
  createdAt: Date | string | null;
}

export interface TeamTable {
  id: string;
  name: string;
  organizationId: string;
  memberCount: number;
  createdAt: Date | string;
  updatedAt: Date | string | null;
}

/** better-auth's API keys (only the columns Loupe reads). */
export interface ApiKeyTable {
  id: string;
  configId: string;
}

/** better-auth's accounts (only the columns Loupe reads). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  /** better-auth's twoFactor plugin (migration 0018): true once the account has confirmed a TOTP code. */
  twoFactorEnabled: boolean | number | null;
}

/** Each organization's sign-in policy (migration 0018), written only by its owners through Loupe's route. */
export interface OrganizationSignInPoliciesTable {
  organization_id: string;
  /** 0 or 1. */
  require_two_factor: number;
  updated_at: string;
}

/** better-auth's organization invitations. */
export interface InvitationTable {
  id: string;
  organizationId: string;
  email: string;
  role: string | null;
  teamId: string | null;
  status: string;
  expiresAt: Date | string;
  createdAt: Date | string;
  inviterId: string;
}

/** The SHA-256 of each invitation link's secret (migration 0014); the token itself is only in the link. */
export interface InvitationTokensTable {
  invitation_id: string;
  token_hash: string;
}

export interface DailySaltsTable {
  day: string;
  salt: string;
  created_at: string;
}

export interface SegmentsTable {
  segment_id: Generated<number>;
  site_id: number;
  name: string;
  description: string | null;
  /** JSON array of filters. */
  filters: string;
  is_public: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhooksTable {
  id: string;
  site_id: number;
  url: string;
  /** JSON array of goal ids. */
  goal_ids: string;
  /** JSON array of custom event names. */
  event_names: string;
  description: string | null;
  secret_sealed: string;
  status: 'enabled' | 'disabled';
  disabled_reason: string | null;
  consecutive_failures: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  site_id: number;
  /** JSON of the trigger object of the payload. */
  trigger: string;
  /** The exact body sent on every attempt. */
  payload: string;
  status: 'pending' | 'retrying' | 'succeeded' | 'failed';
  attempts: number;
  response_code: number | null;
  error: string | null;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  locked_until: string | null;
  /**
   * The attempt whose request was released in full to the endpoint and whose answer is not recorded yet;
   * null otherwise. Set just before the request's last byte is sent, cleared with the outcome.
   */
  released_attempt: number | null;
  created_at: string;
}

export interface AnnotationsTable {
  annotation_id: string;
  /** Null for an organization-wide annotation. */
  site_id: number | null;
  organization_id: string;
  user_id: string | null;
  title: string;
  description: string | null;
  /** ISO 8601 UTC with milliseconds. */
  date: string;
  end_date: string | null;
  color: string | null;
  icon: string | null;
  is_public: number;
  created_at: string;
  updated_at: string;
}

export interface GoalsTable {
  goal_id: Generated<number>;
  site_id: number;
  name: string | null;
  goal_type: string;
  /** JSON of the goal's config (only the fields its type uses). */
  config: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface FunnelsTable {
  funnel_id: Generated<number>;
  site_id: number;
  name: string;
  /** JSON array of funnel steps. */
  steps: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface ImportsTable {
  /** UUID. */
  import_id: string;
  site_id: number;
  platform: string;
  imported_events: number;
  skipped_events: number;
  invalid_events: number;
  /** JSON object: skip reason -> rows skipped for it. */
  skipped_reasons: string;
  /** ISO 8601 UTC with milliseconds. */
  started_at: string;
  completed_at: string | null;
}

/** Alert rules (migration 0021); `definition` is JSON of the rule's metric, filters, window, condition and channels. */
export interface AlertRulesTable {
  id: string;
  site_id: number;
  name: string;
  definition: string;
  enabled: number;
  state: 'ok' | 'firing';
  last_value: number | null;
  last_baseline: number | null;
  last_evaluated_at: string | null;
  last_error: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface AlertFiringsTable {
  id: string;
  rule_id: string;
  site_id: number;
  kind: 'fired' | 'resolved';
  value: number;
  baseline: number | null;
  window_from: string;
  window_to: string;
  created_at: string;
}

/** Outgoing mail with its schedule and claim (like webhook deliveries): sent once across restarts and nodes. */
export interface MailOutboxTable {
  id: string;
  kind: 'alert' | 'report';
  site_id: number;
  reference: string;
  recipient: string;
  /** JSON of the queued message. */
  message: string;
  status: 'pending' | 'retrying' | 'sent' | 'failed';
  attempts: number;
  error: string | null;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  locked_until: string | null;
  /** The attempt whose message was handed over up to its final dot; set just before that dot is sent. */
  released_attempt: number | null;
  created_at: string;
}

/** A member's scheduled report mails of a site (migration 0023); 0 or 1 flags. */
export interface ReportSubscriptionsTable {
  user_id: string;
  site_id: number;
  weekly: number;
  monthly: number;
  /** IANA zone the periods are cut in. */
  time_zone: string;
  created_at: string;
  updated_at: string;
}

/** A named schedule run by one node at a time: the holder renews its lease while it runs. */
export interface ScheduleLeasesTable {
  name: string;
  holder: string;
  locked_until: string;
}

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
