import { NavLink } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { type ReactElement, useState } from 'react';
import { Link } from 'react-router';
import { DeferredTooltip } from '@/components/deferred/deferred-tooltip';
import type { NavGroup, NavLeaf } from './nav-items';
import { navHref } from './visible-nav-items';

const ICON_SIZE = 20;

function itemIcon(Icon: TablerIcon) {
  return <Icon size={ICON_SIZE} stroke={1.6} aria-hidden />;
}

/** In the collapsed (icons only) sidebar, hide the label area and explain the icon with a tooltip. */
const collapsedStyles = { body: { display: 'none' }, section: { marginInlineEnd: 0 } };

function withTooltip(label: string, expanded: boolean, element: ReactElement) {
  if (expanded) return element;
  return (
    <DeferredTooltip label={label} position="right" withArrow openDelay={200}>
      {element}
    </DeferredTooltip>
  );
}

interface SidebarLinkProps {
  item: NavLeaf;
  domainId: string | undefined;
  pathname: string;
  expanded: boolean;
  onNavigate?: (() => void) | undefined;
}

export function SidebarLink({ item, domainId, pathname, expanded, onNavigate }: SidebarLinkProps) {
  const href = navHref(item, domainId);
  return withTooltip(
    item.label,
    expanded,
    <NavLink
      component={Link}
      to={href}
      aria-label={item.label}
      label={expanded ? item.label : undefined}
      leftSection={itemIcon(item.icon)}
      active={pathname === href}
      onClick={onNavigate}
      styles={expanded ? undefined : collapsedStyles}
    />,
  );
}

interface SidebarGroupProps extends Omit<SidebarLinkProps, 'item'> {
  group: NavGroup;
  /** Expands the collapsed sidebar (a group's items need room for their labels). */
  onExpand: () => void;
}

/** A group that expands and collapses; in the collapsed sidebar a click expands the sidebar with the group open. */
export function SidebarGroup({ group, domainId, pathname, expanded, onExpand, onNavigate }: SidebarGroupProps) {
  const holdsActive = group.children.some((child) => navHref(child, domainId) === pathname);
  const [opened, setOpened] = useState(holdsActive);

  if (!expanded) {
    return withTooltip(
      group.label,
      false,
      <NavLink
        component="button"
        type="button"
        aria-label={group.label}
        aria-expanded={false}
        leftSection={itemIcon(group.icon)}
        active={holdsActive}
        styles={collapsedStyles}
        onClick={() => {
          setOpened(true);
          onExpand();
        }}
      />,
    );
  }

  return (
    <NavLink
      component="button"
      type="button"
      aria-label={group.label}
      aria-expanded={opened}
      label={group.label}
      leftSection={itemIcon(group.icon)}
      opened={opened}
      onChange={setOpened}
      childrenOffset={28}
    >
      {group.children.map((child) => (
        <SidebarLink
          key={child.route}
          item={child}
          domainId={domainId}
          pathname={pathname}
          expanded
          onNavigate={onNavigate}
        />
      ))}
    </NavLink>
  );
}

interface SidebarActionProps {
  label: string;
  icon: TablerIcon;
  expanded: boolean;
  onClick: () => void;
}

/** A sidebar entry that runs an action instead of opening a route (Sign Out). */
export function SidebarAction({ label, icon, expanded, onClick }: SidebarActionProps) {
  return withTooltip(
    label,
    expanded,
    <NavLink
      component="button"
      type="button"
      aria-label={label}
      label={expanded ? label : undefined}
      leftSection={itemIcon(icon)}
      onClick={onClick}
      styles={expanded ? undefined : collapsedStyles}
    />,
  );
}
