import { lazy, Suspense, useState } from 'react';
import { AccountButton, type AccountMenuProps } from './account-menu-button';

// The menu (Mantine's Menu with its popover and floating-ui) loads once the shell shows (issue 17: the first load);
// until then its button shows, marked pending, and a click on it opens the menu as soon as the menu is there.
const AccountMenuDropdown = lazy(() =>
  import('./account-menu-dropdown').then((m) => ({ default: m.AccountMenuDropdown })),
);

/** 'My Account': Change Password and Log out. */
export function AccountMenu(props: AccountMenuProps) {
  const [asked, setAsked] = useState(false);
  return (
    <Suspense fallback={<AccountButton compact={props.compact} pending onClick={() => setAsked(true)} />}>
      <AccountMenuDropdown {...props} defaultOpened={asked} />
    </Suspense>
  );
}
