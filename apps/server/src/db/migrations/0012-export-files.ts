/**
 * Export files (issue #14): one row per CSV an export job writes into DATA_DIR/exports/<client>/. `basename` is
 * unique (it names the file on disk); a file belongs to one client (null: staff exporting across all clients) and
 * to the user who asked. At most one export in progress per user (the partial unique index).
 */
export const sql = /* sql */ `
create table export_files (
  id serial primary key,
  basename text not null unique,
  client_id integer references clients(id) on delete cascade,
  user_id integer references users(id) on delete set null,
  kind text not null,
  params jsonb not null,
  actor jsonb not null,
  status text not null default 'in_progress' check (status in ('in_progress', 'ready', 'failed')),
  rows_written integer not null default 0,
  rows_total integer not null default 0,
  size bigint not null default 0,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create unique index export_files_one_running on export_files (user_id) where status = 'in_progress';
create index export_files_client on export_files (client_id, created_at desc);
create index export_files_created on export_files (created_at);
`;
