import { Burger, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UserInfo } from '@pushdeck/contracts';
import { useMemo } from 'react';
import { userAccess } from '@/lib/auth';
import { Brand } from '../brand';
import { AccountMenu } from './account-menu';
import { AddWebsiteButton, canAddWebsite } from './add-website-button';
import { DomainPicker } from './domain-picker';
import { ReturnToModerationButton } from './return-to-moderation-button';

/** First roles that never see the domain picker (spec part 1 §2, Layout). */
const NO_DOMAIN_PICKER = new Set(['moder', 'user']);

interface TopBarProps {
  user: UserInfo;
  navOpened: boolean;
  onToggleNav: () => void;
  onLogout: () => void;
}

export function TopBar({ user, navOpened, onToggleNav, onLogout }: TopBarProps) {
  const showPicker = !NO_DOMAIN_PICKER.has(user.roles[0]?.name ?? '');
  const compact = useMediaQuery('(max-width: 61.99em)') ?? false;
  const showAddWebsite = useMemo(() => canAddWebsite(userAccess(user)), [user]);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={navOpened} onClick={onToggleNav} size="sm" aria-label="Toggle navigation" />
        <Brand to="/dashboard" visibleFrom="sm" />
        {showPicker && <DomainPicker />}
        {showAddWebsite && <AddWebsiteButton compact={compact} />}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {user.backToModerUrl && <ReturnToModerationButton url={user.backToModerUrl} compact={compact} />}
        <AccountMenu onLogout={onLogout} compact={compact} />
      </Group>
    </Group>
  );
}
