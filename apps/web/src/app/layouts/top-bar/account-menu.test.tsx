import { MantineProvider } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AccountMenu } from './account-menu';

function setup() {
  const onLogout = vi.fn();
  renderWithProviders(
    <MantineProvider env="test">
      <AccountMenu onLogout={onLogout} />
    </MantineProvider>,
  );
  return { onLogout };
}

describe('AccountMenu', () => {
  it('keeps a click made before the menu code is there: the menu opens when it comes', async () => {
    setup();
    const pending = screen.getByRole('button', { name: 'My Account' });
    expect(pending).toHaveAttribute('data-pending');
    fireEvent.click(pending);
    expect(await screen.findByRole('menuitem', { name: 'Change Password' })).toBeInTheDocument();
  });

  it('opens on click once loaded and logs out', async () => {
    const { onLogout } = setup();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'My Account', expanded: false });
    expect(document.querySelector('[data-pending]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'My Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });
});
