import type { RoleName } from '@pushdeck/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { clearXsrfCookie, csrfCookieResponse, jsonResponse, stubFetch } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { dripRow, scheduleRow } from '../testing/fixtures';
import { WelcomeListPage } from './welcome-list-page';

const ROW = dripRow({
  id: 7,
  title: 'Thanks for subscribing!',
  schedules: [scheduleRow({ type: 'welcome' })],
  stats: { sent: 12_345, delivered: 12_000, clicked: 600, push_ctr: 5 },
});

function setup(role: RoleName) {
  const network = stubFetch((call) => {
    if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
    if (call.path === '/api/v1/drips/welcome/get') return jsonResponse(200, { data: [ROW] });
    return jsonResponse(200, { data: {} });
  });
  renderWithProviders(
    <Routes>
      <Route
        path="/dashboard/:id/welcome"
        element={
          <WelcomeListPage statsSlot={(domainId, dripId) => <p>Chart of drip {`${dripId} on ${domainId}`}</p>} />
        }
      />
    </Routes>,
    { route: '/dashboard/3/welcome', user: userWithRole(role) },
  );
  const listQuery = () => network.calls.find((c) => c.path === '/api/v1/drips/welcome/get')!.url.searchParams;
  return { ...network, listQuery };
}

describe('WelcomeListPage', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('offers a client create, edit, delete and the series switch', { timeout: 30_000 }, async () => {
    setup('client');
    expect(await screen.findByText('Thanks for subscribing!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Welcome Drip' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Welcome series active' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Thanks for subscribing!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Thanks for subscribing!' })).toBeInTheDocument();
    // the chart is under the editor for who may write
    expect(screen.queryByRole('button', { name: /^Chart of/ })).not.toBeInTheDocument();
  });

  it('shows a viewer (reads only) the drips with sent, delivered, clicked and CTR, and no control that writes', {
    timeout: 30_000,
  }, async () => {
    const { listQuery, calls } = setup('viewer');
    const table = await screen.findByRole('table', { name: 'Welcome series' });
    await within(table).findByText('Thanks for subscribing!');
    expect(listQuery().get('with[stats]')).toBe('*');
    const [head, row] = within(table).getAllByRole('row');
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      '#',
      'Title',
      'Message',
      'When',
      'Sent (all time)',
      'Delivered (all time)',
      'Clicked (all time)',
      'CTR (all time)',
      'Status',
      'Chart',
    ]);
    expect(within(row!).getByText('12,345')).toBeInTheDocument();
    expect(within(row!).getByText('600')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Create/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it("opens a drip's own chart from its row for a viewer, who cannot reach the editor", {
    timeout: 30_000,
  }, async () => {
    setup('viewer');
    const chart = await screen.findByRole('button', { name: 'Chart of Thanks for subscribing!' });
    expect(screen.queryByText('Chart of drip 7 on 3')).not.toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(chart);
    expect(screen.getByText('Chart of drip 7 on 3')).toBeInTheDocument();
    expect(chart).toHaveAttribute('aria-expanded', 'true');
  });

  it('holds the list in place with grey rows while it loads, no spinner', async () => {
    stubFetch(() => new Promise<Response>(() => {}));
    renderWithProviders(
      <Routes>
        <Route path="/dashboard/:id/welcome" element={<WelcomeListPage />} />
      </Routes>,
      { route: '/dashboard/3/welcome', user: userWithRole('client') },
    );
    expect(await screen.findByRole('progressbar', { name: 'Loading Welcome Drips' })).toBeInTheDocument();
    expect(document.querySelector('.mantine-Loader-root')).toBeNull();
  });
});
