/**
 * When a website's integration files (pushmine.js, sw_pm.js) were first and last generated for its owner: the
 * getting-started checklist's 'Install the script' step (docs/api.md). A table of its own, so no website answer
 * changes shape.
 */
export const sql = /* sql */ `
create table integration_downloads (
  domain_id integer primary key references domains (id) on delete cascade,
  client_id integer not null references clients (id) on delete cascade,
  first_at timestamptz not null default now(),
  last_at timestamptz not null default now()
);
create index integration_downloads_client on integration_downloads (client_id);
`;
