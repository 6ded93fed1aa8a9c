import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearXsrfCookie, csrfCookieResponse, jsonResponse, stubFetch } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { audience, dripRow, scheduleRow } from '../testing/fixtures';
import { SpamSchedulesPage } from './spam-schedules-page';

const SPAM = scheduleRow({
  id: 9,
  type: 'spam-recurring',
  name: 'Night <burst>',
  frequency: 'minutely',
  time: '00:20:00',
  date_start: '2026-01-01 08:00:00',
  date_end: '2026-12-31 20:00:00',
  days_of_week: 'monday friday',
  drips: [{ id: 11, title: 'Daily deals', is_active: 1 }],
  audiences: [],
});

function setup() {
  const network = stubFetch((call) => {
    if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
    if (call.path === '/api/v1/schedules/get')
      return jsonResponse(200, { data: { data: [SPAM], total: 1, page: 1, pageLength: 10 } });
    if (call.path === '/api/v1/drips/recurring/get')
      return jsonResponse(200, { data: [dripRow({ id: 11, type: 'recurring', title: 'Daily deals' })] });
    if (call.path === '/api/v1/segments/get') return jsonResponse(200, { data: [audience(5, 'Ukrainian speakers')] });
    if (call.path === '/api/v1/schedules/createOrUpdateSpam') return jsonResponse(201, { data: SPAM });
    return jsonResponse(200, { data: SPAM });
  });
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/:id/recurring/spam" element={<SpamSchedulesPage />} />
    </Routes>,
    { route: '/dashboard/3/recurring/spam' },
  );
  const writes = () => network.calls.filter((c) => c.method !== 'GET');
  return { ...network, writes, user: userEvent.setup({ delay: null }) };
}

describe('SpamSchedulesPage', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('lists the spam schedules with their days and drips, names as text', { timeout: 30_000 }, async () => {
    const { calls } = setup();
    const table = await screen.findByRole('table', { name: 'Spam Schedules' });
    await within(table).findByText('Night <burst>');
    expect(within(table).getByText('mon, fri')).toBeInTheDocument();
    expect(within(table).getByText('#11 Daily deals')).toBeInTheDocument();
    const list = calls.find((c) => c.path === '/api/v1/schedules/get')!.url.searchParams;
    expect([list.get('type'), list.get('domain_id'), list.get('paginate')]).toEqual(['spam-recurring', '3', 'true']);
  });

  it("asks for every field ('Fill the required fields out!'), then creates a schedule", {
    timeout: 30_000,
  }, async () => {
    const { writes, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Create Spam Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Spam Schedule' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Fill the required fields out!')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Required.').length).toBeGreaterThanOrEqual(4);
    expect(writes()).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Evening');
    await user.click(within(dialog).getByRole('combobox', { name: /^Frequency/ }));
    await user.click(await screen.findByRole('option', { name: 'Incessant' }));
    await user.type(within(dialog).getByLabelText(/^Date End/), '2099-03-01');
    await user.click(within(dialog).getByRole('combobox', { name: /^Drips/ }));
    await user.click(await screen.findByRole('option', { name: '#11 Daily deals' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Audiences/ }));
    await user.click(await screen.findByRole('option', { name: 'Ukrainian speakers' }));
    expect(within(dialog).getByLabelText('All')).toBeChecked();
    await user.click(within(dialog).getByLabelText('sunday'));
    expect(within(dialog).getByLabelText('All')).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Spam Schedule' })).toBeNull());
    expect(writes()[0]!.body).toEqual({
      domain_id: 3,
      type: 'spam-recurring',
      name: 'Evening',
      frequency: 'incessant',
      drips: [11],
      audiences: [5],
      time: '00:30:00',
      date_start: expect.stringMatching(/^\d{4}-\d{2}-\d{2} 00:00:00$/),
      date_end: '2099-03-01 23:59:59',
      days_of_week: 'monday tuesday wednesday thursday friday saturday',
      timezone: 'UTC',
    });
  });
});
