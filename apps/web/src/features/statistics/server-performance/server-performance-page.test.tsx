import { STATS_MSG } from '@pushdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { clearXsrfCookie, jsonResponse } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { type Answer, resetStatsNetwork, stubStatsNetwork } from '../testing/stats-fetch';
import { ServerPerformancePage } from './server-performance-page';

const row = (i: number) => ({
  campaign_uid: 'w-shop',
  client_uid: 'c-acme',
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

  it("shows the website's URL under its id and the client's name under its uid", async () => {
    await getData();
    const first = (await screen.findByText('2026-01-01')).closest('tr')!;
    expect(within(first).getByText('w-shop')).toBeInTheDocument();
    expect(within(first).getByText('https://shop.example')).toBeInTheDocument();
    expect(within(first).getByText('c-acme')).toBeInTheDocument();
    expect(within(first).getByText('Acme')).toBeInTheDocument();
  });

  it('says what a column counts on its header, by keyboard too', async () => {
    const { user } = await getData();
    await screen.findByText('2026-01-03');
    const header = screen.getByRole('columnheader', { name: /^Setup drips per day/ });
    expect(header).toHaveAccessibleName(/occurrence due or a push attempted/);
    const button = within(header).getByRole('button', { name: 'Setup drips per day' });
    for (let i = 0; i < 80 && document.activeElement !== button; i++) await user.tab();
    expect(button).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Drip-days: drips with an occurrence due or a push attempted on a day of the row, each drip once per day.',
    );
  });

  it('says why the table is empty: no drip due or sent for the filters, or a page past the last row', async () => {
    const empty: Answer = (call) =>
      call.path.endsWith('/getServerPerformancePage')
        ? jsonResponse(200, { data: [], meta: { total: 0, totals: {} } })
        : undefined;
    await getData('/server-performance?date_start=2026-01-01&date_end=2026-01-07&timezone=UTC', empty);
    expect(
      await screen.findByText(
        'No welcome or recurring drip was due or sent on any website from 2026-01-01 to 2026-01-07 (UTC).',
      ),
    ).toBeInTheDocument();
  });

  it('says a page past the last row is empty because of the page', async () => {
    const empty: Answer = (call) =>
      call.path.endsWith('/getServerPerformancePage')
        ? jsonResponse(200, { data: [], meta: { total: 0, totals: {} } })
        : undefined;
    stubStatsNetwork(userWithRole('admin_role'), empty);
    renderWithProviders(<ServerPerformancePage />, {
      route: '/server-performance?date_start=2026-01-01&date_end=2026-01-07&timezone=UTC&page=3',
    });
    expect(await screen.findByText('Page 3 is past the last row: go back to the first page.')).toBeInTheDocument();
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

  it('shows a failed page with a Retry that asks again', async () => {
    let failing = true;
    const rows = rowsAnswer(3);
    const { net, user } = await getData('/server-performance', (call) =>
      failing && call.path.endsWith('/getServerPerformancePage')
        ? jsonResponse(500, { message: 'Stats are down.' })
        : rows(call),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Stats are down.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('2026-01-03')).toBeInTheDocument();
    expect(net.callsTo('getServerPerformancePage')).toHaveLength(2);
  });
});
