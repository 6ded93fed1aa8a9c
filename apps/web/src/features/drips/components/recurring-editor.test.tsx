import { dripListRowSchema, dripSchema } from '@pushdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, setSessionExpiredHandler } from '@/lib/api';
import {
  clearXsrfCookie,
  csrfCookieResponse,
  jsonResponse,
  type StubbedCall,
  stubFetch,
} from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { audience, dripRow, scheduleRow } from '../testing/fixtures';
import { RecurringEditor } from './recurring-editor';
import { RecurringEditorPage } from './recurring-editor-page';

const SAVED = dripRow({ id: 11, type: 'recurring', title: 'Daily deals' });

function setup(
  props: Partial<Parameters<typeof RecurringEditor>[0]> = {},
  answer?: (c: StubbedCall) => Response | undefined,
) {
  const network = stubFetch((call) => {
    if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.path === '/api/v1/segments/get') return jsonResponse(200, { data: [audience(5, 'Ukrainian speakers')] });
    if (call.path === '/api/v1/abstract/groups/by-domain') return jsonResponse(200, { data: [] });
    if (call.path === '/api/v1/drips/recurring/createOrUpdate') return jsonResponse(201, { data: [SAVED] });
    return jsonResponse(200, { data: [] });
  });
  const onSaved = vi.fn();
  renderWithProviders(<RecurringEditor domainId={3} domainUrl="https://shop.acme.test" onSaved={onSaved} {...props} />);
  const writes = () => network.calls.filter((c) => c.method !== 'GET');
  return { ...network, writes, onSaved, user: userEvent.setup({ delay: null }) };
}

const form = () => screen.getByRole('form', { name: 'Recurring drip' });

async function pickAudience(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(form()).getByRole('combobox', { name: /^Audience/ }));
  await user.click(await screen.findByRole('option', { name: 'Ukrainian speakers' }));
}

describe('RecurringEditor', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('needs a title and an audience before any call', { timeout: 30_000 }, async () => {
    const { writes, user } = setup();
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(within(form()).getAllByText('Required.')).toHaveLength(2);
    expect(await screen.findByText('Fill the required fields out!')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it("saves a draft with is_active 0: 'Draft Is Successfully Created!'", { timeout: 30_000 }, async () => {
    const { writes, user, onSaved } = setup();
    await user.type(within(form()).getByRole('textbox', { name: /^Title/ }), 'Daily deals');
    await user.click(within(form()).getByRole('button', { name: 'Insert emoji into Title' }));
    await user.click(await screen.findByRole('button', { name: '🔥' }));
    expect(within(form()).getByRole('textbox', { name: /^Title/ })).toHaveValue('Daily deals🔥');
    expect(within(form()).getByText('12/30')).toBeInTheDocument();
    await pickAudience(user);
    await user.click(within(form()).getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Draft Is Successfully Created!')).toBeInTheDocument();
    expect(writes()[0]!.body).toEqual([
      {
        domain_id: 3,
        title: 'Daily deals🔥',
        body: '',
        url: '',
        icon: '',
        customization: { requireInteraction: false, ttl: 7200 },
        is_active: 0,
        schedule: expect.objectContaining({ type: 'recurring', frequency: 'daily', time: '09:00', timezone: 'UTC' }),
        audiences: [5],
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 11 }), true);
  });

  it("refuses inconsistent dates with 'Fill the schedule dates properly!', then creates an active drip", {
    timeout: 30_000,
  }, async () => {
    const { writes, user } = setup();
    await user.type(within(form()).getByRole('textbox', { name: /^Title/ }), 'Daily deals');
    await pickAudience(user);
    const end = within(form()).getByLabelText('End date');
    await user.clear(within(form()).getByLabelText('Start date'));
    await user.type(within(form()).getByLabelText('Start date'), '2026-05-01');
    await user.type(end, '2026-04-01');
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Fill the schedule dates properly!', {
        selector: '.mantine-Notification-description, div',
      }),
    ).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await user.clear(end);
    await user.type(end, '2026-06-01');
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Recurring Drip Is Successfully Created!')).toBeInTheDocument();
    expect(writes()[0]!.body).toEqual([expect.objectContaining({ is_active: 1 })]);
  });

  it('shows the schedule types with One Time and Multiple Times disabled', { timeout: 30_000 }, async () => {
    const { user } = setup();
    await user.click(within(form()).getByRole('combobox', { name: 'Schedule type' }));
    expect(await screen.findByRole('option', { name: 'One Time' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: 'Multiple Times' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: 'Recurring' })).not.toHaveAttribute('aria-disabled', 'true');
  });

  it("updates a stored drip and puts the server's 422 under the timezone", { timeout: 30_000 }, async () => {
    const uninstall = setSessionExpiredHandler(() => undefined);
    const drip = dripListRowSchema.parse(
      dripRow({
        id: 11,
        type: 'recurring',
        title: 'Daily deals',
        schedules: [
          scheduleRow({
            type: 'recurring',
            frequency: 'weekly',
            time: '10:30:00',
            timezone: 'Europe/Kyiv',
            date_start: '2026-01-01',
            audiences: [{ id: 5, domain_id: 3, name: 'Ukrainian speakers', type: 'audience', query: {} }],
          }),
        ],
      }),
    );
    const { writes, user } = setup({ drip }, (c) =>
      c.method === 'POST'
        ? jsonResponse(422, { message: 'Invalid', errors: { '0.schedule.timezone': ['Mandatory field'] } })
        : undefined,
    );
    await waitFor(() => expect(within(form()).getByLabelText(/^Time( \*)?$/)).toHaveValue('10:30'));
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(await within(form()).findByText('Mandatory field')).toBeInTheDocument();
    expect(writes()[0]!.body).toEqual([
      expect.objectContaining({ id: 11, audiences: [5], schedule: expect.objectContaining({ frequency: 'weekly' }) }),
    ]);
    uninstall();
  });

  it("stores through the given call (Drip Setup) with the spec's success text, and places its drip. errors", {
    timeout: 30_000,
  }, async () => {
    const uninstall = setSessionExpiredHandler(() => undefined);
    const save = vi
      .fn()
      .mockRejectedValueOnce(new ApiRequestError(422, 'Invalid', { 'drip.schedule.timezone': ['Mandatory field'] }))
      .mockResolvedValueOnce([dripSchema.parse(SAVED)]);
    const { writes, user, onSaved } = setup({ save });
    await user.type(within(form()).getByRole('textbox', { name: /^Title/ }), 'Daily deals');
    await pickAudience(user);
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(await within(form()).findByText('Mandatory field')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Recurring Drip Is Successfully Created!')).toBeInTheDocument();
    expect(save).toHaveBeenLastCalledWith(
      expect.objectContaining({ domain_id: 3, title: 'Daily deals', is_active: 1 }),
    );
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 11 }), false);
    expect(writes()).toHaveLength(0);
    uninstall();
  });

  it('shows a stored drip that could not be loaded with a Retry that asks again', { timeout: 30_000 }, async () => {
    let failing = true;
    const { calls } = stubFetch((call) => {
      if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
      if (call.path === '/api/v1/drips/recurring/get') {
        return failing ? jsonResponse(500, { message: 'Drips are down.' }) : jsonResponse(200, { data: [SAVED] });
      }
      return jsonResponse(200, { data: [] });
    });
    renderWithProviders(
      <Routes>
        <Route path="/dashboard/:id/recurring/edit/:recurr_id" element={<RecurringEditorPage />} />
      </Routes>,
      { route: '/dashboard/3/recurring/edit/11' },
    );
    const alert = (await screen.findByText('Drips are down.')).closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('the message is not in an alert');
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('form', { name: 'Recurring drip' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/v1/drips/recurring/get')).toHaveLength(2);
  });
});
