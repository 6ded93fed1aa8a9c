import { Burger, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UserInfo } from '@pushdeck/contracts';
import { useMemo } from 'react';
import { useSelectedClientUid } from '@/lib/api';
import { isModerator, userAccess } from '@/lib/auth';
import { Brand } from '../brand';
import { AccountMenu } from './account-menu';
import { AddWebsiteButton, canAddWebsite } from './add-website-button';
import { TopBarClientPicker } from './client-picker';
import { DomainPicker } from './domain-picker';
import { ReturnToModerationButton } from './return-to-moderation-button';

interface TopBarProps {
  user: UserInfo;
  navOpened: boolean;
  onToggleNav: () => void;
  onLogout: () => void;
}

export function TopBar({ user, navOpened, onToggleNav, onLogout }: TopBarProps) {
  const compact = useMediaQuery('(max-width: 61.99em)') ?? false;
  const access = useMemo(() => userAccess(user), [user]);
  const showAddWebsite = canAddWebsite(access);
  // Every role may open a website (its dashboard has no permission), so every role gets the picker; the spec hides it
  // from moder and user, who then had no way to a website (issue #19, docs/console.md). A moder picks the client first.
  const moderator = isModerator(access);
  const [clientUid] = useSelectedClientUid();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={navOpened} onClick={onToggleNav} size="sm" aria-label="Toggle navigation" />
        <Brand to="/dashboard" visibleFrom="sm" />
        {moderator && <TopBarClientPicker />}
        <DomainPicker enabled={!moderator || clientUid !== null} />
        {showAddWebsite && <AddWebsiteButton compact={compact} />}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {user.backToModerUrl && <ReturnToModerationButton url={user.backToModerUrl} compact={compact} />}
        <AccountMenu onLogout={onLogout} compact={compact} />
      </Group>
    </Group>
  );
}
