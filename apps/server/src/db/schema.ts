import type { StatCounterName } from '@pushdeck/contracts';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type {
  ApiKeysTable,
  AuditLogTable,
  ClientDeletionsTable,
  ClustersTable,
  ConnectionsTable,
  CopyJobsTable,
  DbSubsTable,
  DomainConnectionsTable,
  DomainTagsTable,
  DripCopiesTable,
  ExportFilesTable,
  PlanRequestsTable,
  PlansTable,
  QuotaRefusalsTable,
  StoredImageStorage,
  TagsTable,
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhooksTable,
} from './schema-staff.ts';

export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface ClientsTable {
  id: Generated<number>;
  client_uid: string;
  name: string;
  is_active: Generated<number>;
  cluster_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** ImageStorageInput without the password (issue #16); null: the instance's local uploads folder. */
  images_storage: ColumnType<StoredImageStorage | null, string | null | undefined, string | null>;
  images_storage_password_sealed: ColumnType<string | null, string | null | undefined, string | null>;
  images_storage_public_folder: ColumnType<string | null, string | null | undefined, string | null>;
  /** The client's plan (issue #18); null: unlimited. */
  plan_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** IANA zone of the client's calendar months (usage, quotas). */
  timezone: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  client_id: number | null;
  name: string;
  email: string;
  password: string;
  is_active: Generated<number>;
  /** When Users Management switched the user off; null for a user never switched off (or switched on again). */
  deactivated_at: Generated<Date | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface PermissionsTable {
  id: Generated<number>;
  name: string;
  guard_name: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  guard_name: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface RoleHasPermissionsTable {
  role_id: number;
  permission_id: number;
}

export interface ModelHasRolesTable {
  role_id: number;
  user_id: number;
  position: Generated<number>;
}

export interface ModelHasPermissionsTable {
  permission_id: number;
  user_id: number;
}

export interface SessionsTable {
  id: string;
  user_id: number | null;
  impersonator_id: number | null;
  csrf_token: string;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  last_seen_at: UpdatedAt;
  expires_at: Timestamp;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  key: string;
  attempted_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface DomainsTable {
  id: Generated<number>;
  client_id: number;
  website_id: Generated<string>;
  url: string;
  is_active: Generated<number>;
  postback: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | null;
  vapid_public_key: string | null;
  vapid_private_key: string | null;
}

export interface IntegrationDownloadsTable {
  domain_id: number;
  client_id: number;
  first_at: Generated<Date>;
  last_at: Generated<Date>;
}

export interface JobPingsTable {
  id: Generated<number>;
  token: string;
  processed_at: ColumnType<Date, Date | string | undefined, never>;
}

export type Json = ColumnType<unknown, string | undefined, string>;
type Flag = Generated<number>;

export interface SubscribersTable {
  id: Generated<number>;
  domain_id: number;
  client_id: number;
  subscribable_id: Generated<string>;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string | null;
  os: string | null;
  browser: string | null;
  resolution: string | null;
  location: string | null;
  language: string | null;
  timezone: string | null;
  subscription_url: string | null;
  last_url_visited: string | null;
  last_drip_number: Generated<number>;
  ip: string | null;
  is_active: Flag;
  is_demo: Flag;
  status: Generated<'active' | 'unsubscribed' | 'deactivated'>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  unsubscribed_at: Date | null;
  deactivated_at: Date | null;
}

export interface DripGroupsTable {
  id: Generated<number>;
  domain_id: number;
  client_id: number;
  group_uid: Generated<string>;
  name: string | null;
  is_active: Flag;
  drips_count: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type DripType = 'welcome' | 'recurring' | 'trigger' | 'instant' | 'api';

export interface DripsTable {
  id: Generated<number>;
  domain_id: number;
  client_id: number;
  group_id: number | null;
  drip_number: Generated<number>;
  type: DripType;
  title: string;
  body: Generated<string>;
  url: Generated<string>;
  icon: string | null;
  event: string | null;
  customization: Json;
  meta: Json;
  offset: Generated<number>;
  sended: Generated<number>;
  delivered: Generated<number>;
  clicked: Generated<number>;
  is_active: Flag;
  external: Flag;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | null;
}

export interface SegmentsTable {
  id: Generated<number>;
  domain_id: number;
  client_id: number;
  name: string;
  type: Generated<'audience' | 'segment'>;
  is_system: Flag;
  query: Json;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type ScheduleType =
  | 'welcome'
  | 'one'
  | 'multiple'
  | 'recurring'
  | 'tail-recurring'
  | 'spam-recurring'
  | 'trigger'
  | 'instant';

export interface SchedulesTable {
  id: Generated<number>;
  domain_id: number;
  client_id: number;
  drip_id: number | null;
  group_id: number | null;
  name: string | null;
  type: ScheduleType;
  frequency: string | null;
  time: string | null;
  timezone: Generated<string>;
  date_start: string | null;
  date_end: string | null;
  days_of_week: Generated<string>;
  after_days: Generated<number>;
  after_hours: Generated<number>;
  after_mins: Generated<number>;
  from_when: Generated<string>;
  choose_time: ColumnType<unknown, string | null | undefined, string | null>;
  is_active: Flag;
  last_disp_date: Date | null;
  next_disp_date: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ScheduleDripsTable {
  schedule_id: number;
  drip_id: number;
  position: Generated<number>;
}

export interface ScheduleAudiencesTable {
  schedule_id: number;
  segment_id: number;
}

export interface OccurrencesTable {
  id: Generated<number>;
  schedule_id: number | null;
  drip_id: number;
  domain_id: number;
  client_id: number;
  type: string;
  due_at: Timestamp;
  subscriber_id: number | null;
  status: Generated<'pending' | 'fanning' | 'done' | 'cancelled'>;
  cursor: Generated<number>;
  batches: Generated<number>;
  created_at: CreatedAt;
  finished_at: Date | null;
}

export interface SendLedgerTable {
  id: Generated<number>;
  occurrence_id: number;
  subscriber_id: number;
  drip_id: number;
  domain_id: number;
  client_id: number;
  type: string;
  status: Generated<string>;
  http_status: number | null;
  attempts: Generated<number>;
  created_at: CreatedAt;
  sent_at: Date | null;
  delivered_at: Date | null;
  clicked_at: Date | null;
  /** When the row was first claimed for sending: the moment it counts against the monthly send quota. */
  quota_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** One send of the server API (migration 0021): its drip holds the content, its occurrence the progress. */
export interface ApiSendsTable {
  id: Generated<number>;
  client_id: number;
  domain_id: number;
  drip_id: number;
  occurrence_id: number;
  api_key_id: number | null;
  target: 'subscribers' | 'segment' | 'all';
  subscriber_ids: number[] | null;
  segment_id: number | null;
  recipients: Generated<number>;
  send_at: Date | null;
  created_at: CreatedAt;
}

/** The first answer to each Idempotency-Key of an API key, kept 24 h. */
export interface ApiIdempotencyTable {
  api_key_id: number;
  key: string;
  request_hash: string;
  status_code: number | null;
  body: Json;
  created_at: CreatedAt;
}

export type StatsHourlyTable = {
  domain_id: number;
  client_id: number;
  drip_id: Generated<number>;
  type: Generated<string>;
  hour: Timestamp;
} & { [K in StatCounterName]: Generated<number> };

/** stats_hourly summed over drips (migration 0006). */
export type StatsHourlyWebsiteTable = {
  domain_id: number;
  client_id: number;
  type: Generated<string>;
  hour: Timestamp;
} & { [K in StatCounterName]: Generated<number> };

/** stats_hourly summed over drips and websites; a client's hour spread over a few `slot` rows (migration 0006). */
export type StatsHourlyClientTable = {
  client_id: number;
  type: Generated<string>;
  hour: Timestamp;
  slot: Generated<number>;
} & { [K in StatCounterName]: Generated<number> };

export interface RateLimitHitsTable {
  bucket: string;
  window_start: Date;
  hits: number;
}

export interface DB {
  audit_log: AuditLogTable;
  export_files: ExportFilesTable;
  clients: ClientsTable;
  users: UsersTable;
  permissions: PermissionsTable;
  roles: RolesTable;
  role_has_permissions: RoleHasPermissionsTable;
  model_has_roles: ModelHasRolesTable;
  model_has_permissions: ModelHasPermissionsTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  domains: DomainsTable;
  job_pings: JobPingsTable;
  integration_downloads: IntegrationDownloadsTable;
  rate_limit_hits: RateLimitHitsTable;
  subscribers: SubscribersTable;
  drip_groups: DripGroupsTable;
  drips: DripsTable;
  segments: SegmentsTable;
  schedules: SchedulesTable;
  schedule_drips: ScheduleDripsTable;
  schedule_audiences: ScheduleAudiencesTable;
  occurrences: OccurrencesTable;
  send_ledger: SendLedgerTable;
  api_sends: ApiSendsTable;
  api_idempotency: ApiIdempotencyTable;
  stats_hourly: StatsHourlyTable;
  stats_hourly_website: StatsHourlyWebsiteTable;
  stats_hourly_client: StatsHourlyClientTable;
  tags: TagsTable;
  domain_tags: DomainTagsTable;
  copy_jobs: CopyJobsTable;
  client_deletions: ClientDeletionsTable;
  api_keys: ApiKeysTable;
  drip_copies: DripCopiesTable;
  clusters: ClustersTable;
  db_subs: DbSubsTable;
  connections: ConnectionsTable;
  domain_connections: DomainConnectionsTable;
  plans: PlansTable;
  plan_requests: PlanRequestsTable;
  quota_refusals: QuotaRefusalsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}

export type ClientRow = Selectable<ClientsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type DomainRow = Selectable<DomainsTable>;
export type SubscriberRow = Selectable<SubscribersTable>;
export type DripRow = Selectable<DripsTable>;
export type ScheduleRow = Selectable<SchedulesTable>;

export * from './schema-staff.ts';
