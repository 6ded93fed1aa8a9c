import { Menu } from '@mantine/core';
import { IconKey, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AccountButton, type AccountMenuProps } from './account-menu-button';

/** 'My Account': Change Password and Log out. */
export function AccountMenuDropdown({
  onLogout,
  compact = false,
  defaultOpened = false,
}: AccountMenuProps & { defaultOpened?: boolean }) {
  return (
    <Menu position="bottom-end" width={200} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <AccountButton compact={compact} />
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
