import type { UserInfo } from '@pushdeck/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { RouteName } from '../../route-table';
import { userWithRole } from '../../test-users';
import { AppSidebar } from './app-sidebar';

function renderSidebar(
  user: UserInfo,
  { domainId, expanded = true, offInPlan }: { domainId?: string; expanded?: boolean; offInPlan?: Set<RouteName> } = {},
) {
  const onExpand = vi.fn();
  const onSignOut = vi.fn();
  renderWithProviders(
    <nav aria-label="Main navigation">
      <AppSidebar
        user={user}
        domainId={domainId}
        expanded={expanded}
        onExpand={onExpand}
        onSignOut={onSignOut}
        offInPlan={offInPlan}
      />
    </nav>,
    { route: domainId ? `/dashboard/${domainId}` : '/dashboard' },
  );
  return { nav: screen.getByRole('navigation', { name: 'Main navigation' }), onExpand, onSignOut };
}

const link = (nav: HTMLElement, name: string) => within(nav).queryByRole('link', { name });
const group = (nav: HTMLElement, name: string) => within(nav).queryByRole('button', { name });
/** Waits for a link inside a group that is opening (the group animates open). */
const shown = (nav: HTMLElement, name: string) => within(nav).findByRole('link', { name });

describe('AppSidebar', () => {
  it('shows a client the staff items its permissions allow, and no Dev Settings', async () => {
    const { nav } = renderSidebar(userWithRole('client'));
    expect(link(nav, 'Main Dashboard')).toHaveAttribute('href', '/dashboard');
    expect(group(nav, 'Dev Settings')).toBeNull();
    expect(link(nav, 'Users Management')).toBeNull();
    // a client organises its own websites with its own tags
    expect(link(nav, 'Tags Manager')).toHaveAttribute('href', '/tags-manager');
    // and the client's keys for the server API (issue #27)
    expect(link(nav, 'API Keys')).toHaveAttribute('href', '/api-keys');

    const user = userEvent.setup();
    await user.click(group(nav, 'Drip Instruments')!);
    expect(await shown(nav, 'Drip Manager')).toHaveAttribute('href', '/drip-tools');
    expect(link(nav, 'Drip Setup')).toHaveAttribute('href', '/drip-tools/instant-setup');
    expect(link(nav, 'Copy Tools 2.0')).toBeNull();
    expect(link(nav, 'Recurring Migration')).toBeNull();

    await user.click(group(nav, 'Analytics')!);
    expect(await shown(nav, 'Global Overview')).toHaveAttribute('href', '/global-stats');
    expect(link(nav, 'Performance')).toBeInTheDocument();
    expect(link(nav, 'Data Explorer')).toBeInTheDocument();
    expect(link(nav, 'Server Performance')).toBeNull();
  });

  it("leaves out the screens the client's plan switches off", async () => {
    const offInPlan = new Set<RouteName>(['DataExplorer', 'DataExplorerWithDashboard', 'Files']);
    const { nav } = renderSidebar(userWithRole('client'), { offInPlan });
    expect(link(nav, 'Files')).toBeNull();
    const user = userEvent.setup();
    await user.click(group(nav, 'Analytics')!);
    expect(await shown(nav, 'Global Overview')).toBeInTheDocument();
    expect(link(nav, 'Data Explorer')).toBeNull();
  });

  it('shows an admin every staff item, Sign Out, the name, first role and version', async () => {
    const { nav, onSignOut } = renderSidebar(userWithRole('admin'));
    const user = userEvent.setup();
    for (const name of ['Dev Settings', 'Analytics', 'Drip Instruments']) await user.click(group(nav, name)!);
    await shown(nav, 'Drip Setup');
    for (const name of [
      'Main Dashboard',
      'Users Management',
      'Clients',
      'Roles',
      'Global Overview',
      'Performance',
      'Server Performance',
      'Data Explorer',
      'Drip Manager',
      'Drip Setup',
      'Tags Manager',
      'API Keys',
    ]) {
      expect(link(nav, name), name).toBeInTheDocument();
    }
    expect(link(nav, 'Clients')).toHaveAttribute('href', '/management/clients');
    expect(within(nav).getByText('Ada admin')).toBeInTheDocument();
    expect(within(nav).getByText('admin')).toBeInTheDocument();
    expect(within(nav).getByText('v1.84.91')).toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it.each(['user', 'viewer'] as const)(
    "offers no API Keys to a %s: only the client's owner and staff manage keys",
    (role) => {
      const { nav } = renderSidebar(userWithRole(role));
      expect(link(nav, 'Main Dashboard')).toBeInTheDocument();
      expect(link(nav, 'API Keys')).toBeNull();
    },
  );

  it('shows a moder Users Management, but no Dev Settings', async () => {
    const moder = userWithRole('moder', {
      roles: [{ name: 'moder', permissions: ['menu.clients.management', 'menu.users.management', 'menu.tools'] }],
    });
    const { nav } = renderSidebar(moder);
    expect(group(nav, 'Dev Settings')).toBeNull();
    expect(link(nav, 'Users Management')).toBeInTheDocument();
    await userEvent.setup().click(group(nav, 'Drip Instruments')!);
    expect(await shown(nav, 'Drip Manager')).toHaveAttribute('href', '/drip-tools');
  });

  it('shows the domain sidebar inside /dashboard/:id with links into that domain', async () => {
    const { nav } = renderSidebar(userWithRole('user'), { domainId: '42' });
    expect(link(nav, 'Main Dashboard')).toHaveAttribute('href', '/dashboard');
    expect(link(nav, 'Website Dashboard')).toHaveAttribute('href', '/dashboard/42');
    expect(link(nav, 'Welcome Drips')).toHaveAttribute('href', '/dashboard/42/welcome');
    expect(link(nav, 'Integrate')).toHaveAttribute('href', '/dashboard/42/integrate');
    expect(link(nav, 'Data Explorer')).toBeNull(); // the user role has no menu.analytics.data_explorer
    expect(link(nav, 'Files')).toBeNull();

    const user = userEvent.setup();
    for (const name of ['Recurring Drips', 'Automation', 'Segmentation']) await user.click(group(nav, name)!);
    await shown(nav, 'Audience Creator');
    expect(link(nav, 'Create')).toHaveAttribute('href', '/dashboard/42/recurring/send');
    expect(link(nav, 'Regular')).toHaveAttribute('href', '/dashboard/42/recurring');
    expect(link(nav, 'Tails')).toHaveAttribute('href', '/dashboard/42/recurring/tails');
    expect(link(nav, 'Spam')).toHaveAttribute('href', '/dashboard/42/recurring/spam');
    expect(link(nav, 'Draft')).toHaveAttribute('href', '/dashboard/42/recurring/drafts');
    expect(link(nav, 'Triggered Notifications')).toHaveAttribute('href', '/dashboard/42/triggers');
    expect(link(nav, 'Audience Creator')).toHaveAttribute('href', '/dashboard/42/audience-creator');
    expect(link(nav, 'Manual Segmentation')).toHaveAttribute('href', '/dashboard/42/manual-segmentation');
  });

  it('hides the domain items a viewer may not open, and Create under Recurring Drips (the viewer only reads)', async () => {
    const { nav } = renderSidebar(userWithRole('viewer'), { domainId: '42' });
    expect(link(nav, 'Integrate')).toBeNull();
    expect(group(nav, 'Segmentation')).toBeInTheDocument();
    await userEvent.setup().click(group(nav, 'Recurring Drips')!);
    await shown(nav, 'Regular');
    expect(link(nav, 'Create')).toBeNull();
  });

  it('collapses groups again', async () => {
    const { nav } = renderSidebar(userWithRole('admin'));
    const user = userEvent.setup();
    const devSettings = group(nav, 'Dev Settings')!;
    expect(devSettings).toHaveAttribute('aria-expanded', 'false');
    await user.click(devSettings);
    expect(devSettings).toHaveAttribute('aria-expanded', 'true');
    await user.click(devSettings);
    expect(devSettings).toHaveAttribute('aria-expanded', 'false');
  });

  it('collapsed, shows icons named after their labels; a group click asks to expand', async () => {
    const { nav, onExpand } = renderSidebar(userWithRole('admin'), { expanded: false });
    expect(link(nav, 'Tags Manager')).toBeInTheDocument();
    expect(within(nav).queryByText('Tags Manager')).toBeNull();
    await userEvent.setup().click(group(nav, 'Dev Settings')!);
    expect(onExpand).toHaveBeenCalledOnce();
  });
});
