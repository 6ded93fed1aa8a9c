/**
 * Outcome webhooks (issue #27): a website's webhooks, each event delivery to one of them (its signed body, kept so
 * every retry posts the same bytes), and every attempt (status, error, duration). The secret is sealed with the
 * instance secret (SecretBox). Rows go with their website (on delete cascade), so with their client too.
 */
export const sql = /* sql */ `
create table webhooks (
  id serial primary key,
  client_id integer not null,
  domain_id integer not null references domains (id) on delete cascade,
  url text not null,
  events text[] not null,
  secret_sealed text not null,
  is_active smallint not null default 1,
  created_by integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index webhooks_domain on webhooks (domain_id);
create index webhooks_client on webhooks (client_id);

create table webhook_deliveries (
  id uuid primary key,
  webhook_id integer not null references webhooks (id) on delete cascade,
  client_id integer not null,
  event_id uuid not null,
  event_type text not null,
  body text not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed', 'cancelled')),
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index webhook_deliveries_webhook on webhook_deliveries (webhook_id, created_at desc);

create table webhook_attempts (
  id bigserial primary key,
  delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
  webhook_id integer not null references webhooks (id) on delete cascade,
  client_id integer not null,
  attempt integer not null,
  status_code integer,
  error text,
  duration_ms integer not null,
  ok boolean not null,
  created_at timestamptz not null default now()
);
create index webhook_attempts_webhook on webhook_attempts (webhook_id, id desc);
`;
