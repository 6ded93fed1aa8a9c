import { describe, expect, it } from 'vitest';
import { ACTIONS, may } from './actions.ts';
import { PERMISSIONS, ROLE_PERMISSIONS } from './permissions.ts';

const role = (name: keyof typeof ROLE_PERMISSIONS) => new Set<string>(ROLE_PERMISSIONS[name]);

describe('ACTIONS and may()', () => {
  it('names only known permissions', () => {
    for (const list of Object.values(ACTIONS)) for (const p of list) expect(PERMISSIONS).toContain(p);
  });

  it('lets the viewer read but make no write call', () => {
    const viewer = role('viewer');
    expect(may(viewer, 'drips.read')).toBe(true);
    expect(may(viewer, 'triggers.read')).toBe(true);
    expect(may(viewer, 'audiences.read')).toBe(true);
    for (const action of [
      'drips.write',
      'triggers.create',
      'triggers.edit',
      'audiences.create',
      'audiences.edit',
      'domains.write',
      'domains.delete',
      'domains.tag',
      'tags.manage',
      'spam.write',
    ] as const) {
      expect(may(viewer, action), action).toBe(false);
    }
  });

  it('follows the seeded roles: user may not delete websites, client may; admin may everything', () => {
    expect(may(role('user'), 'domains.write')).toBe(true);
    expect(may(role('user'), 'domains.delete')).toBe(false);
    expect(may(role('client'), 'domains.delete')).toBe(true);
    expect(may(role('moder'), 'tags.manage')).toBe(false);
    for (const action of Object.keys(ACTIONS) as (keyof typeof ACTIONS)[])
      expect(may(role('admin'), action)).toBe(true);
    expect(may(new Set(['menu.admin.panel']), 'spam.write')).toBe(true);
  });
});
