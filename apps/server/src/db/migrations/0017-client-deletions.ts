/**
 * Deleting a client (issue #25): one row per deletion job. The client row itself goes at the end of the job, so this
 * row keeps the client's id and name (no foreign key) and is what the progress call answers, after the client is gone.
 */
export const sql = /* sql */ `
create table client_deletions (
  id uuid primary key,
  client_id integer not null,
  client_name text not null,
  requested_by integer,
  requested_by_email text,
  ip text,
  status text not null default 'queued' check (status in ('queued', 'running', 'completed', 'failed')),
  counts jsonb not null,
  progress_done bigint not null default 0,
  progress_total bigint not null default 0,
  reason text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index client_deletions_client on client_deletions (client_id, created_at desc);
`;
