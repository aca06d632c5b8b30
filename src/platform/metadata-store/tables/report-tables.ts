// Kysely table types of the metadata store: what reports are built from (segments, annotations, goals, funnels)
// and imports.
import type { Generated } from 'kysely';

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
