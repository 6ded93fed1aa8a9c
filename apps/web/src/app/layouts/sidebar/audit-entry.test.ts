import { ACTIONS } from '@pushdeck/contracts';
import { describe, expect, it } from 'vitest';
import { userAccess } from '@/lib/auth';
import { canAccessRoute } from '../../guards';
import { routeMeta } from '../../route-table';
import { userWithRole } from '../../test-users';
import { STAFF_NAV } from './nav-items';
import { navHref, visibleNavItems } from './visible-nav-items';

const auditLink = (role: Parameters<typeof userWithRole>[0]) =>
  visibleNavItems(STAFF_NAV, userAccess(userWithRole(role)))
    .flatMap((item) => (item.kind === 'group' ? item.children : [item]))
    .find((item) => item.label === 'Audit');

describe('the Audit entry', () => {
  it('is guarded by the permission the server checks for GET /management/audit', () => {
    const route = routeMeta('Audit');
    expect(route.path).toBe('/management/audit');
    expect(route.action).toBe('management.audit');
    expect(route.permissions).toEqual(ACTIONS['management.audit']);
  });

  it('shows in Dev Settings for admin only', () => {
    const admin = auditLink('admin');
    expect(admin && navHref(admin, undefined)).toBe('/management/audit');
    const devSettings = visibleNavItems(STAFF_NAV, userAccess(userWithRole('admin'))).find(
      (item) => item.label === 'Dev Settings',
    );
    expect(devSettings?.kind === 'group' && devSettings.children.map((c) => c.label)).toContain('Audit');
    for (const role of ['moder', 'client', 'user', 'viewer'] as const) {
      expect(auditLink(role), role).toBeUndefined();
      expect(canAccessRoute(routeMeta('Audit'), userAccess(userWithRole(role))), role).toBe(false);
    }
  });
});
