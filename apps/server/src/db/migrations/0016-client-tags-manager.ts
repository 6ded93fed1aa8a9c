/**
 * The client role holds menu.tags.manager since issue #19 (its own tags for its own websites), but seeding grants a
 * built-in role's permissions only when the role or the permission is new: a database that had both before the
 * upgrade never gave clients the Tags Manager. This grants it once, where the role and the permission exist and the
 * grant is missing (a fresh database has no roles yet: seeding grants it there). Runs once, like every migration,
 * so an admin who takes it away afterwards keeps it that way.
 */
export const sql = /* sql */ `
insert into role_has_permissions (role_id, permission_id)
select r.id, p.id
from roles r
join permissions p on p.name = 'menu.tags.manager' and p.guard_name = r.guard_name
where r.name = 'client'
on conflict (role_id, permission_id) do nothing;
`;
