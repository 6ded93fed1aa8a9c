import { ActionIcon, Button, Menu } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';

interface AccountMenuProps {
  onLogout: () => void;
  /** Icon-only target on narrow screens. */
  compact?: boolean;
}

/** 'My Account': Change Password and Log out. */
export function AccountMenu({ onLogout, compact = false }: AccountMenuProps) {
  return (
    <Menu position="bottom-end" width={200} withinPortal>
      <Menu.Target>
        {compact ? (
          <ActionIcon variant="subtle" size="lg" aria-label="My Account">
            <IconUserCircle size={22} aria-hidden />
          </ActionIcon>
        ) : (
          <Button
            variant="subtle"
            leftSection={<IconUserCircle size={18} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
          >
            My Account
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/change-password" leftSection={<IconKey size={16} aria-hidden />}>
          Change Password
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
