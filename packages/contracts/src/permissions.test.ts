import { describe, expect, it } from 'vitest';
import {
  effectivePermissions,
  hasAnyPermission,
  isStaff,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  ROLES,
} from './permissions.ts';

describe('permissions', () => {
  it('takes the first role only, plus direct permissions', () => {
    const set = effectivePermissions(
      [
        { name: 'user', permissions: ['menu.domain.messages'] },
        { name: 'moder', permissions: ['menu.clients.management'] },
      ],
      ['menu.files'],
    );
    expect([...set].sort()).toEqual(['menu.domain.messages', 'menu.files']);
  });

  it('passes a guard with any listed permission or menu.admin.panel', () => {
    expect(hasAnyPermission(new Set(['menu.files']), ['menu.tools', 'menu.files'])).toBe(true);
    expect(hasAnyPermission(new Set(['menu.files']), ['menu.tools'])).toBe(false);
    expect(hasAnyPermission(new Set(['menu.admin.panel']), ['menu.tools'])).toBe(true);
    expect(hasAnyPermission(new Set(), [])).toBe(true);
  });

  it('seeds sensible role sets', () => {
    expect(ROLES).toHaveLength(8);
    expect(ROLE_PERMISSIONS.admin).toEqual(PERMISSIONS);
    for (const role of ROLES) for (const p of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(p);
    expect(ROLE_PERMISSIONS.client).not.toContain('menu.users.management');
    expect(ROLE_PERMISSIONS.viewer.some((p) => p.endsWith('.create') || p.endsWith('.edit'))).toBe(false);
    expect(isStaff(new Set(ROLE_PERMISSIONS.moder))).toBe(true);
    expect(isStaff(new Set(ROLE_PERMISSIONS.client))).toBe(false);
  });
});
