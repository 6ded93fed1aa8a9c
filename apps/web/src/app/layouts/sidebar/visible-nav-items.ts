import { generatePath } from 'react-router';
import type { UserAccess } from '@/lib/auth';
import { canAccessRoute } from '../../guards';
import { type RouteName, routeMeta } from '../../route-table';
import { hasScreen } from '../../screens';
import type { NavItem, NavLeaf } from './nav-items';

/**
 * The items this user may open: a link shows when its route has a screen (`built`) and its guard rule passes, a group
 * when any child shows.
 */
export function visibleNavItems(
  items: readonly NavItem[],
  access: UserAccess,
  built: (route: RouteName) => boolean = hasScreen,
): NavItem[] {
  const opens = (route: RouteName) => built(route) && canAccessRoute(routeMeta(route), access);
  const visible: NavItem[] = [];
  for (const item of items) {
    if (item.kind === 'link') {
      if (opens(item.route)) visible.push(item);
      continue;
    }
    const children = item.children.filter((child) => opens(child.route));
    if (children.length > 0) visible.push({ ...item, children });
  }
  return visible;
}

/** The URL of a sidebar link; domain routes take the current domain id. */
export function navHref(item: NavLeaf, domainId: string | undefined): string {
  const { path } = routeMeta(item.route);
  return path.includes(':id') ? generatePath(path, { id: domainId ?? '' }) : path;
}
