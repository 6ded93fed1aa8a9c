import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, UpdatedAt } from './schema.ts';

// The staff side's tables (issues 13-18): audit trail, export files, plans and quotas, clusters and connections, tags,
// copy jobs. The DB interface that lists every table is in schema.ts, which re-exports these.
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_email: string | null;
  impersonator_id: number | null;
  action: string;
  subject_type: string;
  subject_id: number | null;
  client_id: number | null;
  before: Json | null;
  after: Json | null;
  ip: string | null;
  created_at: CreatedAt;
}

export interface ExportFilesTable {
  id: Generated<number>;
  basename: string;
  client_id: number | null;
  user_id: number | null;
  kind: string;
  params: Json;
  actor: Json;
  status: Generated<'in_progress' | 'ready' | 'failed'>;
  rows_written: Generated<number>;
  rows_total: Generated<number>;
  size: Generated<number>;
  error: string | null;
  created_at: CreatedAt;
  finished_at: Date | null;
}

/** Feature flags of a plan; a feature absent from the object is on. */
export type PlanFeatures = Partial<Record<'data_explorer' | 'copy_tools' | 'exports' | 'extensible', boolean>>;

export interface PlansTable {
  id: Generated<number>;
  name: string;
  /** null: unlimited */
  monthly_sends: number | null;
  active_subscribers: number | null;
  websites: number | null;
  features: ColumnType<PlanFeatures, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface PlanRequestsTable {
  id: Generated<number>;
  client_id: number;
  plan_id: number;
  requested_by: number | null;
  status: Generated<string>;
  decided_by: ColumnType<number | null, number | null | undefined, number | null>;
  decided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

export interface QuotaRefusalsTable {
  client_id: number;
  kind: string;
  day: ColumnType<string, string, string>;
  count: Generated<number>;
}

export interface StoredImageStorage {
  IMAGES_STORAGE_DRIVER: 'local' | 's3';
  IMAGES_STORAGE_HOST: string;
  IMAGES_STORAGE_USERNAME: string;
  IMAGES_STORAGE_PUBLIC_DOMAIN: string;
  IMAGES_STORAGE_DOC_ROOT: string;
  IMAGES_STORAGE_PUBLIC_ROOT: string;
}

interface DbServerColumns {
  driver: Generated<string>;
  host: string;
  port: number;
  database: string;
  username: string;
  password_sealed: string;
}

export interface ClustersTable extends DbServerColumns {
  id: Generated<number>;
  cluster_uid: Generated<string>;
  cluster_name: string;
  is_active: Generated<number>;
  is_default: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DbSubsTable extends DbServerColumns {
  id: Generated<number>;
  cluster_id: number;
  name: string;
  region: string;
  shard_number: number;
  is_active: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ConnectionsTable {
  id: Generated<number>;
  type: 'api' | 'db';
  name: string;
  attribute: string;
  number: number | null;
  tag: string | null;
  datacenter: string | null;
  region: string | null;
  is_active: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DomainConnectionsTable {
  domain_id: number;
  connection_id: number;
  kind: 'api' | 'db';
  type: Generated<'master' | 'slave'>;
  created_at: CreatedAt;
}

export interface TagsTable {
  id: Generated<number>;
  /** The owning client; null for the global tags staff manage. */
  client_id: number | null;
  name: string;
  type: 'geo' | 'adult' | 'category' | 'server';
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DomainTagsTable {
  domain_id: number;
  tag_id: number;
  created_at: CreatedAt;
}

/** A Copy Tools 2.0 job (issue #15): what job-status answers. */
export interface CopyJobsTable {
  id: string;
  kind: string;
  user_id: number;
  client_id: number | null;
  source_client_id: number;
  target_client_id: number;
  status: Generated<'queued' | 'running' | 'completed' | 'failed'>;
  params: Json;
  progress_done: Generated<number>;
  progress_total: Generated<number>;
  reason: string | null;
  result: Json | null;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
}

/** Which source drip a copied drip came from (a second run of the same copy finds it). */
export interface DripCopiesTable {
  target_drip_id: number;
  source_drip_id: number;
  target_domain_id: number;
  created_at: CreatedAt;
}

/** A client's deletion job (issue #25): kept after the client is gone, so its progress and outcome stay readable. */
export interface ClientDeletionsTable {
  id: string;
  client_id: number;
  client_name: string;
  requested_by: number | null;
  requested_by_email: string | null;
  ip: string | null;
  status: Generated<'queued' | 'running' | 'completed' | 'failed'>;
  counts: Json;
  progress_done: Generated<number>;
  progress_total: Generated<number>;
  reason: string | null;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
}

/** A client's API key (issue #27): its SHA-256, never the key. */
export interface ApiKeysTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  prefix: string;
  hash: string;
  scopes: string[];
  website_ids: number[] | null;
  created_by: number | null;
  created_by_email: string | null;
  created_at: CreatedAt;
  last_used_at: Date | null;
  last_used_ip: string | null;
  revoked_at: Date | null;
}
