import { generatePath } from 'react-router';
import type { UserAccess } from '@/lib/auth';
import { canAccessRoute } from '../../guards';
import { routeMeta } from '../../route-table';
import type { NavItem, NavLeaf } from './nav-items';

/** The items this user may open: a link shows when its route's guard rule passes, a group when any child shows. */
export function visibleNavItems(items: readonly NavItem[], access: UserAccess): NavItem[] {
  const visible: NavItem[] = [];
  for (const item of items) {
    if (item.kind === 'link') {
      if (canAccessRoute(routeMeta(item.route), access)) visible.push(item);
      continue;
    }
    const children = item.children.filter((child) => canAccessRoute(routeMeta(child.route), access));
    if (children.length > 0) visible.push({ ...item, children });
  }
  return visible;
}

/** The URL of a sidebar link; domain routes take the current domain id. */
export function navHref(item: NavLeaf, domainId: string | undefined): string {
  const { path } = routeMeta(item.route);
  return path.includes(':id') ? generatePath(path, { id: domainId ?? '' }) : path;
}
