import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { guessTimezone } from '@/components/timezone-options';
import { clearXsrfCookie, jsonResponse } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { addDays, addMonths, zoneToday } from '../lib/stats-dates';
import { type Answer, resetStatsNetwork, stubStatsNetwork } from '../testing/stats-fetch';
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

  it('holds each figure and best push in place with grey bars while loading, no spinner', async () => {
    stubStatsNetwork(userWithRole('client'), (call) =>
      call.path.startsWith('/api/v1/statistics/') ? new Promise<Response>(() => {}) : undefined,
    );
    const { container } = renderWithProviders(<MoreInfoPage domainId={7} />, { route: '/dashboard/7/more-info' });
    const subscribed = await screen.findByRole('group', { name: 'Subscribed' });
    expect(within(subscribed).getByRole('progressbar', { name: 'Loading' })).toHaveStyle({ height: '28px' });
    expect(within(screen.getByRole('group', { name: 'Pushes CTR' })).getByRole('progressbar')).toBeInTheDocument();
    const best = screen.getByRole('region', { name: 'Best welcome push' });
    expect(within(best).getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(container.querySelector('.mantine-Loader-root')).toBeNull();
  });

  it('says what to do when a kind has no best push in the period', async () => {
    stubStatsNetwork(userWithRole('client'));
    renderWithProviders(<MoreInfoPage domainId={7} />, { route: '/dashboard/7/more-info' });
    const best = await screen.findByRole('region', { name: 'Best recurring push' });
    expect(await within(best).findByText('No data for this period.')).toBeInTheDocument();
    expect(within(best).getByText('Pick a longer period above, or send a push first.')).toBeInTheDocument();
  });

  it.each([
    ['the subscriber cards', 'getStatsBySubscribables'],
    ['the open tab', 'getStatsEventsByDrips'],
    ['the best pushes', 'getTheBestDripRequest'],
  ])('shows a Retry when %s cannot load, and Retry asks again', async (_, name) => {
    let failing = true;
    const fail: Answer = (call) =>
      failing && call.path.endsWith(`/${name}`) ? jsonResponse(500, { message: 'Stats are down.' }) : undefined;
    const net = stubStatsNetwork(userWithRole('client'), fail);
    renderWithProviders(<MoreInfoPage domainId={7} />, { route: '/dashboard/7/more-info' });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('Stats are down.');
    const before = net.callsTo(name).length;
    failing = false;
    const user = userEvent.setup();
    for (const alert of alerts) await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(net.callsTo(name).length).toBeGreaterThan(before);
  });
});
