/**
 * Copy Tools and Recurring Migration (issue #15; docs/architecture.md "Copy Tools"). copy_jobs: one row per Copy Tools
 * 2.0 job (pg-boss runs it; this row is what job-status answers, scoped to whoever may see it). drip_copies: which
 * source drip each copied drip came from, so running the same copy again finds what already exists instead of
 * duplicating it. Neither is ever returned to the target client (no source ids leave the server).
 */
export const sql = /* sql */ `
create table copy_jobs (
  id uuid primary key,
  kind text not null,
  user_id integer not null,
  client_id integer,
  source_client_id integer not null,
  target_client_id integer not null,
  status text not null default 'queued',
  params jsonb not null,
  progress_done integer not null default 0,
  progress_total integer not null default 0,
  reason text,
  result jsonb,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index copy_jobs_user on copy_jobs (user_id, created_at desc);
create index copy_jobs_client on copy_jobs (client_id, created_at desc);

create table drip_copies (
  target_drip_id integer primary key references drips(id) on delete cascade,
  source_drip_id integer not null,
  target_domain_id integer not null,
  created_at timestamptz not null default now()
);
create index drip_copies_source on drip_copies (target_domain_id, source_drip_id);
`;
