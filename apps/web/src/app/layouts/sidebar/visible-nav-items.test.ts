import { ROLES } from '@pushdeck/contracts';
import { describe, expect, it } from 'vitest';
import { userAccess } from '@/lib/auth';
import { hasScreen } from '../../screens';
import { userWithRole } from '../../test-users';
import { DOMAIN_NAV, type NavItem, STAFF_NAV } from './nav-items';
import { visibleNavItems } from './visible-nav-items';

const leaves = (items: readonly NavItem[]) => items.flatMap((item) => (item.kind === 'group' ? item.children : [item]));

describe('visibleNavItems', () => {
  it('never links to Page Not Found: every link shown to any of the eight roles opens a built screen', () => {
    expect(ROLES).toHaveLength(8);
    const checked: Record<string, number> = {};
    for (const role of ROLES) {
      checked[role] = 0;
      for (const nav of [STAFF_NAV, DOMAIN_NAV]) {
        for (const item of leaves(visibleNavItems(nav, userAccess(userWithRole(role))))) {
          expect(hasScreen(item.route), `${role}: ${item.label}`).toBe(true);
          checked[role] += 1;
        }
      }
    }
    // every role is shown some links, so each was really checked
    for (const role of ROLES) expect(checked[role], role).toBeGreaterThan(0);
  });

  it('hides a link whose screen is not built yet, and a group left with no built link', () => {
    const admin = userAccess(userWithRole('admin'));
    const all = leaves(visibleNavItems(STAFF_NAV, admin, () => true)).map((item) => item.label);
    expect(all).toEqual(expect.arrayContaining(['Files', 'Clusters', 'Copy Tools 2.0']));

    const withoutFiles = visibleNavItems(STAFF_NAV, admin, (route) => route !== 'Files');
    expect(leaves(withoutFiles).map((item) => item.label)).not.toContain('Files');
    expect(leaves(withoutFiles).length).toBe(all.length - 1);

    const moder = userAccess(
      userWithRole('moder', {
        roles: [{ name: 'moder', permissions: ['menu.clients.management', 'menu.users.management', 'menu.tools'] }],
      }),
    );
    // Copy Tools 2.0: menu.tools.copy2 or role moder (spec part 2 §2)
    expect(leaves(visibleNavItems(STAFF_NAV, moder, () => true)).map((item) => item.label)).toContain('Copy Tools 2.0');

    const nothingBuilt = visibleNavItems(STAFF_NAV, admin, () => false);
    expect(nothingBuilt).toEqual([]);
  });
});
