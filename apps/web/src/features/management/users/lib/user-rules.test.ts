import type { ManagedUser, Role } from '@pushdeck/contracts';
import { describe, expect, it } from 'vitest';
import { canEnter, grantablePermissions, grantableRoles } from './user-rules';

const user = (over: Partial<ManagedUser> = {}): ManagedUser => ({
  id: 5,
  name: 'Uma',
  email: 'uma@acme.test',
  client_id: 2,
  client_uid: 'acme',
  client_name: 'Acme',
  is_active: 1,
  role_name: 'user',
  roles: ['user'],
  permissions: [],
  ...over,
});
const role = (name: string, permissions: string[]): Role => ({
  id: 1,
  name,
  guard_name: 'web',
  permissions,
  users_count: 0,
  built_in: false,
});

describe('user rules', () => {
  it('enters only an active client user without a staff role, never oneself', () => {
    expect(canEnter(user(), 1)).toBe(true);
    expect(canEnter(user(), 5)).toBe(false);
    expect(canEnter(user({ is_active: 0 }), 1)).toBe(false);
    expect(canEnter(user({ client_id: null }), 1)).toBe(false);
    expect(canEnter(user({ roles: ['moder'], role_name: 'moder' }), 1)).toBe(false);
    expect(canEnter(user({ permissions: ['menu.users.management'] }), 1)).toBe(false);
  });

  it('offers a moder only non-staff roles and non-staff permissions it holds or that the tenant roles carry; an admin everything', () => {
    const moder = new Set(['menu.files', 'menu.stats.global', 'menu.users.management']);
    const roles = [
      role('reporter', ['menu.stats.global', 'menu.files']),
      role('reader', ['menu.stats.global', 'reports.read']),
      role('boss', ['menu.clients.management']),
      role('moder', []),
    ];
    expect(grantableRoles(roles, moder)).toEqual(['reporter']);
    expect(grantablePermissions(['menu.files', 'reports.read', 'menu.users.management'], moder)).toEqual([
      'menu.files',
    ]);
    // a user manager also gives the tenant roles' permissions (it acts with them through 'Log in as'), never others
    expect(grantableRoles([role('user', ['menu.domain.audience.edit']), role('x', ['reports.export'])], moder)).toEqual(
      ['user'],
    );
    expect(grantablePermissions(['menu.domain.triggers.edit', 'reports.export'], moder)).toEqual([
      'menu.domain.triggers.edit',
    ]);
    // without menu.users.management, only what one holds
    expect(grantablePermissions(['menu.domain.triggers.edit'], new Set(['menu.files']))).toEqual([]);
    const admin = new Set(['menu.admin.panel']);
    expect(grantableRoles(roles, admin)).toEqual(['reporter', 'reader', 'boss', 'moder']);
    expect(grantablePermissions(['reports.export'], admin)).toEqual(['reports.export']);
  });
});
