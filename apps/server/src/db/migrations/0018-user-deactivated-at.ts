/**
 * When Users Management switched a user off (issue #25): a deactivated account is told so at sign-in, while a user
 * who signed up and was never activated is still told that the account waits for an administrator. Set when a user
 * is switched off, cleared when switched on. Users switched off before this migration are found in the audit trail
 * (their last `user.update` turned is_active from 1 to 0).
 */
export const sql = /* sql */ `
alter table users add column deactivated_at timestamptz;

update users u set deactivated_at = a.created_at
from (
  select distinct on (subject_id) subject_id, created_at
  from audit_log
  where action = 'user.update' and subject_type = 'user'
    and (before ->> 'is_active') = '1' and (after ->> 'is_active') = '0'
  order by subject_id, created_at desc, id desc
) a
where a.subject_id = u.id and u.is_active = 0;
`;
