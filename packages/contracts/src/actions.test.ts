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

  it("holds the console's screen rules too: a viewer reads drip figures and lists, opens no creator or install guide", () => {
    const viewer = role('viewer');
    expect(may(viewer, 'drips.stats')).toBe(true);
    expect(may(viewer, 'drips.list')).toBe(true);
    expect(may(viewer, 'audiences.createForm')).toBe(false);
    expect(may(viewer, 'domains.integrate')).toBe(false);
    // Copy Tools 2.0 creates audiences through the call, never through the website's form
    const copier = new Set(['menu.tools.copy2']);
    expect(may(copier, 'audiences.create')).toBe(true);
    expect(may(copier, 'audiences.createForm')).toBe(false);
    // a moder reads drips through the tools, not the website's drip screens (it would be sent back)
    expect(may(role('moder'), 'drips.read')).toBe(true);
    expect(may(role('moder'), 'drips.list')).toBe(false);
  });
});
