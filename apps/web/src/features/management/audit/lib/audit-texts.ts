import type { AuditAction } from '@pushdeck/contracts';

/** How each audit action reads on the screen. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'client.create': 'Client created',
  'client.update': 'Client changed',
  'user.create': 'User created',
  'user.update': 'User changed',
  'user.delete': 'User deleted',
  'role.create': 'Role created',
  'role.update': 'Role changed',
  'role.delete': 'Role deleted',
  'permission.create': 'Permission created',
  'permission.update': 'Permission changed',
  'permission.delete': 'Permission deleted',
  'impersonation.start': 'Impersonation started',
  'impersonation.end': 'Impersonation ended',
  'client.images_storage': 'Image storage changed',
  'cluster.create': 'Cluster created',
  'cluster.update': 'Cluster changed',
  'cluster.delete': 'Cluster deleted',
  'db_sub.create': 'Db sub created',
  'db_sub.update': 'Db sub changed',
  'db_sub.delete': 'Db sub deleted',
  'connection.create': 'Connection created',
  'connection.update': 'Connection changed',
  'connection.delete': 'Connection deleted',
  'connection.bind': 'Connection bound',
  'connection.unbind': 'Connection unbound',
  'connection.master': 'Master connection changed',
  'plan.create': 'Plan created',
  'plan.update': 'Plan changed',
  'plan.delete': 'Plan deleted',
  'client.plan': 'Client plan changed',
  'plan_request.decide': 'Plan request decided',
  'client.delete': 'Client deleted',
  'api_key.create': 'API key created',
  'api_key.revoke': 'API key revoked',
  'api_key.use': 'API key used from a new address',
};

/** A stored action's label; an action this console does not know yet reads as its name. */
export function actionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/** Page sizes offered; the server takes at most 200 rows a page (docs/api.md, GET /audit). */
export const AUDIT_PAGE_SIZES = [25, 50, 100, 200] as const;
export const AUDIT_DEFAULT_PAGE_LENGTH = 25;
