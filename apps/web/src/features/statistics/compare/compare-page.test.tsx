import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { clearXsrfCookie, jsonResponse } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { type Answer, resetStatsNetwork, stubStatsNetwork } from '../testing/stats-fetch';
import { CompareRoute } from './compare-page';

const WARNING = 'Select domain for comparison!';

function renderCompare(first?: Answer) {
  const net = stubStatsNetwork(userWithRole('client'), async (call) => {
    const answered = await first?.(call);
    if (answered) return answered;
    if (!call.path.endsWith('/getStatsEventsByDrips') || call.url.searchParams.get('date_trunc') !== 'millennium') {
      return undefined;
    }
    const side = (website_id: string, sent: number, delivered: number, clicked: number) => ({
      timestamp: '2001-01-01 00:00:00',
      website_id,
      sent,
      delivered,
      clicked,
      deactivated: 0,
      subscribed: 10,
      unsubscribed: 1,
      avg_patient_days: 2,
    });
    return jsonResponse(200, { data: [side('w-shop', 1000, 900, 90), side('w-blog', 800, 760, 19)] });
  });
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/:id/more-info/compare" element={<CompareRoute />} />
    </Routes>,
    { route: '/dashboard/1/more-info/compare' },
  );
  return net;
}

describe('Compare', () => {
  afterEach(() => {
    vi.useRealTimers();
    resetStatsNetwork();
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it("warns 'Select domain for comparison!' for 7 s when Apply is pressed without a domain, and asks nothing", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const net = renderCompare();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent(WARNING);
    expect(net.stats()).toHaveLength(0);

    act(() => vi.advanceTimersByTime(6500));
    expect(screen.getByText(WARNING)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(600));
    await waitFor(() => expect(screen.queryByText(WARNING)).toBeNull());
  });

  it('compares A with the chosen website: differences with two decimals, green when A is ahead', async () => {
    const net = renderCompare();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Same domain' }));
    await user.click(await screen.findByRole('option', { name: 'https://blog.example' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    const ctr = await screen.findByRole('group', { name: 'Pushes CTR' });
    // A: 90 / 900 = 10 %, B: 19 / 760 = 2.5 % → +7.50 %
    expect(within(ctr).getByText('+7.50%')).toHaveAttribute('data-ahead', 'true');
    const delivery = screen.getByRole('group', { name: 'Delivery rate' });
    // A: 90 %, B: 95 % → −5.00 %, red
    expect(within(delivery).getByText('-5.00%')).toHaveAttribute('data-ahead', 'false');
    const clicked = screen.getByRole('group', { name: 'Clicked pushes' });
    expect(within(clicked).getByText('+71')).toBeInTheDocument();
    expect(within(clicked).getByText('A: 90')).toBeInTheDocument();
    expect(within(clicked).getByText('B: 19')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Conversion Rate' })).getByText('0.00%')).toBeInTheDocument();

    const call = net
      .callsTo('getStatsEventsByDrips')
      .find((c) => c.url.searchParams.get('date_trunc') === 'millennium');
    expect(call?.url.searchParams.getAll('domain_ids[]')).toEqual(['1', '2']);
    expect(call?.url.searchParams.get('group_by')).toBe('website_id');
    expect(call?.headers.get('withformulas')).toBe('true');
  });

  const applyBlog = async () => {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Same domain' }));
    await user.click(await screen.findByRole('option', { name: 'https://blog.example' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    return user;
  };

  it('holds the chart, the cards and the radials in place with grey boxes while they load, no spinner', async () => {
    renderCompare((call) =>
      call.path.startsWith('/api/v1/statistics/') ? new Promise<Response>(() => {}) : undefined,
    );
    await applyBlog();
    expect(await screen.findByRole('progressbar', { name: 'Loading chart' })).toBeInTheDocument();
    const cards = screen.getByRole('region', { name: 'A vs B' });
    expect(within(cards).getByText('Pushes CTR')).toBeInTheDocument();
    expect(within(cards).getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading subscribers' })).toBeInTheDocument();
    expect(document.querySelector('.mantine-Loader-root')).toBeNull();
  });

  it("shows each failure with the spec's 'drips' or 'subs' and a Retry that asks again", async () => {
    let failing = true;
    const net = renderCompare((call) =>
      failing && call.path.startsWith('/api/v1/statistics/') ? jsonResponse(500, { message: 'Down.' }) : undefined,
    );
    const user = await applyBlog();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
    expect(screen.getAllByRole('alert').map((a) => a.textContent?.replace('Retry', ''))).toEqual([
      'Down. drips',
      'Down. drips',
      'Down. subs',
    ]);
    const before = net.stats().length;
    failing = false;
    for (const alert of screen.getAllByRole('alert'))
      await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'Pushes CTR' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(net.stats().length).toBe(before + 3);
  });
});
