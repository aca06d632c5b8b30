// Kysely table types of the metadata store: what Loupe sends out and when (webhooks and their deliveries, alerts,
// the mail outbox, report subscriptions) and the schedule leases that run it on one node.

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
