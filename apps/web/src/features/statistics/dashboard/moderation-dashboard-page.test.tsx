import { MSG } from '@pushdeck/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { SELECTED_CLIENT_KEY, setStaffActor } from '@/lib/api';
import { clearXsrfCookie } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { resetStatsNetwork, stubStatsNetwork } from '../testing/stats-fetch';
import { ModerationDashboardPage } from './global-dashboard-page';

describe('ModerationDashboardPage', () => {
  afterEach(() => {
    resetStatsNetwork();
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it("asks for a client ('Select a client!') and loads no statistics until one is chosen", async () => {
    const net = stubStatsNetwork(userWithRole('moder'));
    setStaffActor(true); // the route guard's session check has learned who is signed in
    renderWithProviders(<ModerationDashboardPage />);

    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.selectClient);
    await waitFor(() => expect(net.callsTo('clients')).toHaveLength(1));
    expect(net.stats()).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Recurring Drips' })).toBeNull();

    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Select a Client' }));
    await user.click(await screen.findByRole('option', { name: 'Globex' }));

    expect(await screen.findByRole('region', { name: 'Recurring Drips' })).toBeInTheDocument();
    expect(screen.queryByText(MSG.selectClient)).toBeNull();
    expect(window.localStorage.getItem(SELECTED_CLIENT_KEY)).toBe('c-globex');
    await waitFor(() => expect(net.callsTo('getStatsEventsByDrips').length).toBeGreaterThan(0));
    // Every statistics call acts for the chosen client.
    for (const call of net.stats()) expect(call.headers.get('client')).toBe('c-globex');
  });

  it('loads the statistics of a client chosen earlier right away', async () => {
    window.localStorage.setItem(SELECTED_CLIENT_KEY, 'c-acme');
    const net = stubStatsNetwork(userWithRole('moder'));
    setStaffActor(true);
    renderWithProviders(<ModerationDashboardPage />);
    expect(await screen.findByRole('region', { name: 'Welcome Drips' })).toBeInTheDocument();
    await waitFor(() => expect(net.callsTo('getStatsBySubscribables').length).toBeGreaterThan(0));
    expect(screen.queryByText(MSG.selectClient)).toBeNull();
    for (const call of net.stats()) expect(call.headers.get('client')).toBe('c-acme');
  });
});
