import { STATS_MSG } from '@pushdeck/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { clearXsrfCookie, jsonResponse } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { type Answer, resetStatsNetwork, stubStatsNetwork } from '../testing/stats-fetch';
import { ServerPerformancePage } from './server-performance-page';

const row = (i: number) => ({
  campaign_uid: 'w-shop',
  client_uid: 'c-1',
  date: `2026-01-${String(i + 1).padStart(2, '0')} 00:00:00`,
  type: 'recurring',
  sent: 10 + i,
});

function rowsAnswer(count: number): Answer {
  return (call) =>
    call.path.endsWith('/getServerPerformancePage')
      ? jsonResponse(200, { data: Array.from({ length: count }, (_, i) => row(i)), meta: { total: 999, totals: {} } })
      : undefined;
}

async function getData(route = '/server-performance', answer: Answer = rowsAnswer(3)) {
  const net = stubStatsNetwork(userWithRole('admin_role'), answer);
  renderWithProviders(<ServerPerformancePage />, { route });
  await waitFor(() => expect(net.callsTo('domains')).toHaveLength(1));
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Get Data' }));
  return { net, user };
}

describe('ServerPerformancePage', () => {
  afterEach(() => {
    resetStatsNetwork();
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('disables Next on a page shorter than the page size (default 50)', async () => {
    const { net } = await getData();
    expect(await screen.findByText('2026-01-03')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    const call = net.callsTo('getServerPerformancePage')[0]!;
    expect(call.url.searchParams.get('pageLength')).toBe('50');
    expect(call.body).toMatchObject({
      date_trunc: 'day',
      filters: { campaign_uid: [], type: ['welcome', 'recurring'] },
    });
  });

  it('enables Next on a full page and asks for the next one', async () => {
    const { net, user } = await getData('/server-performance?pageLength=25', rowsAnswer(25));
    const next = await screen.findByRole('button', { name: 'Next' });
    await waitFor(() => expect(next).toBeEnabled());
    await user.click(next);
    await waitFor(() => expect(net.callsTo('getServerPerformancePage').at(-1)?.url.searchParams.get('page')).toBe('2'));
  });

  it("answers 'Invalid domain website id provided.' when there is no website to choose", async () => {
    const { net } = await getData('/server-performance', (call) =>
      call.path === '/api/v1/domains' ? jsonResponse(200, { data: [] }) : undefined,
    );
    expect((await screen.findAllByText(STATS_MSG.invalidDomain)).length).toBeGreaterThan(0);
    expect(net.callsTo('getServerPerformancePage')).toHaveLength(0);
  });

  it("asks to 'Fill the form with the required fields.' without a Group By", async () => {
    const net = stubStatsNetwork(userWithRole('admin_role'));
    renderWithProviders(<ServerPerformancePage />);
    await waitFor(() => expect(net.callsTo('domains')).toHaveLength(1));
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Welcome' }));
    await user.click(screen.getByRole('checkbox', { name: 'Recurring' }));
    await user.click(screen.getByRole('button', { name: 'Get Data' }));
    expect(await screen.findByText('Fill the form with the required fields.')).toBeInTheDocument();
    expect(screen.getByText('Field is required.')).toBeInTheDocument();
    expect(net.callsTo('getServerPerformancePage')).toHaveLength(0);
  });
});
