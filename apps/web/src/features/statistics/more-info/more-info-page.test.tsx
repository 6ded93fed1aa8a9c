import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { guessTimezone } from '@/components/timezone-options';
import { clearXsrfCookie } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { addDays, addMonths, zoneToday } from '../lib/stats-dates';
import { resetStatsNetwork, stubStatsNetwork } from '../testing/stats-fetch';
import { MoreInfoPage } from './more-info-page';

describe('MoreInfoPage', () => {
  afterEach(() => {
    resetStatsNetwork();
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('starts with last week to yesterday, like every statistics screen; Day and Month end yesterday too', async () => {
    const net = stubStatsNetwork(userWithRole('client'));
    renderWithProviders(<MoreInfoPage domainId={7} />, { route: '/dashboard/7/more-info' });
    const today = zoneToday(guessTimezone());
    const yesterday = addDays(today, -1);
    const lastRange = () => {
      const call = net.callsTo('getStatsBySubscribables').at(-1);
      return [call?.url.searchParams.get('date_start'), call?.url.searchParams.get('date_finish')];
    };
    await waitFor(() => expect(lastRange()).toEqual([addDays(today, -7), yesterday]));
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Day' }));
    await waitFor(() => expect(lastRange()).toEqual([yesterday, yesterday]));
    await user.click(screen.getByRole('button', { name: 'Month' }));
    await waitFor(() => expect(lastRange()).toEqual([addMonths(today, -1), yesterday]));
  });
});
