import { Box, Divider, Group, Stack, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { APP_VERSION, type UserInfo } from '@pushdeck/contracts';
import { IconLogout } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { DeferredTooltip } from '@/components/deferred/deferred-tooltip';
import { userAccess } from '@/lib/auth';
import type { RouteName } from '../../route-table';
import { hasScreen } from '../../screens';
import { DOMAIN_NAV, STAFF_NAV } from './nav-items';
import { SidebarAction, SidebarGroup, SidebarLink } from './sidebar-item';
import { visibleNavItems } from './visible-nav-items';

export interface AppSidebarProps {
  user: UserInfo;
  /** The domain of /dashboard/:id; the domain sidebar shows while it is set. */
  domainId: string | undefined;
  /** false: icons only. */
  expanded: boolean;
  onExpand: () => void;
  /** Called after a link is followed (closes the mobile drawer). */
  onNavigate?: (() => void) | undefined;
  onSignOut: () => void;
  /** Screens the client's plan switches off (issue #18): not offered. */
  offInPlan?: ReadonlySet<RouteName> | undefined;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

function SidebarUser({ user, expanded, onNavigate }: Pick<AppSidebarProps, 'user' | 'expanded' | 'onNavigate'>) {
  const role = user.roles[0]?.name ?? '';
  const avatar = (
    // a round badge of the initials (ThemeIcon is on the first load already; Avatar would add its own code)
    <ThemeIcon color="blue" variant="light" radius="xl" size={36} aria-hidden>
      <Text span fz="sm" fw={700} lh={1}>
        {initials(user.name)}
      </Text>
    </ThemeIcon>
  );
  return (
    // Named by its text, never an aria-label (axe-core: a label must hold the visible text, here the initials too).
    <UnstyledButton component={Link} to="/profile" onClick={onNavigate} p="sm">
      {expanded ? (
        <Group gap="sm" wrap="nowrap">
          {avatar}
          <Box miw={0}>
            <Text size="sm" fw={600} truncate>
              {user.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {role}
            </Text>
          </Box>
        </Group>
      ) : (
        <DeferredTooltip label={`${user.name} (${role})`} position="right" withArrow>
          <Group justify="center">
            {avatar}
            <VisuallyHidden>{`${user.name}, ${role}`}</VisuallyHidden>
          </Group>
        </DeferredTooltip>
      )}
    </UnstyledButton>
  );
}

/** The staff sidebar outside a domain, the domain sidebar inside /dashboard/:id; items follow the route guards. */
export function AppSidebar({ user, domainId, expanded, onExpand, onNavigate, onSignOut, offInPlan }: AppSidebarProps) {
  const { pathname } = useLocation();
  const access = useMemo(() => userAccess(user), [user]);
  const items = useMemo(
    () =>
      visibleNavItems(domainId ? DOMAIN_NAV : STAFF_NAV, access, (route) => hasScreen(route) && !offInPlan?.has(route)),
    [domainId, access, offInPlan],
  );
  const shared = { domainId, pathname, expanded, onNavigate };

  return (
    <Stack h="100%" gap={0}>
      <SidebarUser user={user} expanded={expanded} onNavigate={onNavigate} />
      <Divider />
      {/* the browser's own scrolling: touch, wheel and keyboard alike, and no scroll-area code on the first load */}
      <Box flex={1} mih={0} style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
        <Stack gap={2} p="xs">
          {items.map((item) =>
            item.kind === 'link' ? (
              <SidebarLink key={item.label} item={item} {...shared} />
            ) : (
              <SidebarGroup key={item.label} group={item} onExpand={onExpand} {...shared} />
            ),
          )}
        </Stack>
      </Box>
      <Divider />
      <Stack gap={4} p="xs">
        <SidebarAction label="Sign Out" icon={IconLogout} expanded={expanded} onClick={onSignOut} />
        <Text size="xs" c="dimmed" ta="center">
          v{APP_VERSION}
        </Text>
      </Stack>
    </Stack>
  );
}
