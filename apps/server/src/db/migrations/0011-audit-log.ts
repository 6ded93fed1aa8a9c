/**
 * The administration audit trail (issue #13; docs/security.md "Administration"): every management change and every
 * impersonation start and end. No foreign keys: a row outlives the user, client or role it names (actor_email keeps
 * who it was). before/after never hold a password or a secret (the audit service strips them).
 */
export const sql = /* sql */ `
create table audit_log (
  id serial primary key,
  actor_id integer,
  actor_email text,
  impersonator_id integer,
  action text not null,
  subject_type text not null,
  subject_id integer,
  client_id integer,
  before jsonb,
  after jsonb,
  ip text,
  created_at timestamptz not null default now()
);
create index audit_log_created on audit_log (created_at desc, id desc);
create index audit_log_actor on audit_log (actor_id, created_at desc);
create index audit_log_subject on audit_log (subject_type, subject_id);
create index audit_log_client on audit_log (client_id, created_at desc);
`;
