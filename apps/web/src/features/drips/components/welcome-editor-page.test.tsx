import { MSG } from '@pushdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { setSessionExpiredHandler } from '@/lib/api';
import {
  clearXsrfCookie,
  csrfCookieResponse,
  jsonResponse,
  type StubbedCall,
  stubFetch,
} from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { dripRow, scheduleRow } from '../testing/fixtures';
import { WelcomeEditorPage } from './welcome-editor-page';
import { WelcomeListPage } from './welcome-list-page';

const DRIP = dripRow({
  body: 'Hello <b>there</b>',
  customization: { ttl: 7200, button1: { title: 'Open' } },
  schedules: [scheduleRow({ drip_id: 7, after_hours: 1, after_mins: 30 })],
});

function setup(route: string, answer?: (call: StubbedCall) => Response | undefined) {
  const network = stubFetch((call) => {
    if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.path === '/api/v1/domains/3')
      return jsonResponse(200, { data: [{ id: 3, url: 'https://shop.acme.test' }] });
    if (call.path === '/api/v1/drips/welcome/get') return jsonResponse(200, { data: [DRIP] });
    if (call.path === '/api/v1/drips/welcome/createOrUpdate') return jsonResponse(201, { data: [DRIP] });
    return jsonResponse(200, { data: [] });
  });
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/:id/welcome" element={<WelcomeListPage />} />
      <Route path="/dashboard/:id/welcome/:edit_id" element={<WelcomeEditorPage />} />
    </Routes>,
    { route, user: userWithRole('client') },
  );
  const writes = () => network.calls.filter((c) => c.method !== 'GET');
  return { ...network, writes, user: userEvent.setup() };
}

const form = () => screen.findByRole('form', { name: 'Welcome drip' }, { timeout: 6000 });

describe('welcome drips', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('lists the drips in order with their delay, as text', { timeout: 30_000 }, async () => {
    setup('/dashboard/3/welcome');
    const table = await screen.findByRole('table', { name: 'Welcome series' });
    expect(within(table).getByText('Hello <b>there</b>')).toBeInTheDocument();
    expect(within(table).getByText('after 1 h 30 min')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Edit Thanks for subscribing!' })).toHaveAttribute(
      'href',
      '/dashboard/3/welcome/7',
    );
  });

  it("shows 'Max 30 characters' and 'Fill the required fields out!' without a call, then saves", {
    timeout: 30_000,
  }, async () => {
    const { writes, calls } = setup('/dashboard/3/welcome/new');
    const user = userEvent.setup({ delay: null });
    const editor = await form();
    await user.type(within(editor).getByRole('textbox', { name: /^Title/ }), 'A title that is far too long for a push');
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(within(editor).getByText('Max 30 characters')).toBeInTheDocument();
    expect(within(editor).getByText('Required.')).toBeInTheDocument(); // the welcome message is required
    expect(await screen.findByText('Fill the required fields out!')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);

    const title = within(editor).getByRole('textbox', { name: /^Title/ });
    await user.clear(title);
    await user.type(title, 'Welcome aboard');
    await user.type(within(editor).getByRole('textbox', { name: /^Message/ }), 'Glad you are here');
    expect(screen.getByRole('figure', { name: 'Preview' })).toHaveTextContent('Welcome aboard');
    await user.click(within(editor).getByLabelText('Schedule'));
    await user.type(within(editor).getByLabelText('Hours'), '2');
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully!')).toBeInTheDocument();
    const post = writes()[0]!;
    expect(post.path).toBe('/api/v1/drips/welcome/createOrUpdate');
    expect(post.body).toEqual([
      expect.objectContaining({
        domain_id: 3,
        title: 'Welcome aboard',
        body: 'Glad you are here',
        is_active: 1,
        schedule: { type: 'welcome', name: '', after_days: 0, after_hours: 2, after_mins: 0 },
        customization: { requireInteraction: false, ttl: 7200 },
      }),
    ]);
    // back to the list
    await screen.findByRole('heading', { name: 'Welcome Drips' });
    expect(calls.some((c) => c.path === '/api/v1/drips/welcome/get')).toBe(true);
  });

  it('shows the link rule under a script url and a plain-http icon, and sends nothing', {
    timeout: 30_000,
  }, async () => {
    const { writes } = setup('/dashboard/3/welcome/new');
    const user = userEvent.setup({ delay: null });
    const editor = await form();
    await user.type(within(editor).getByRole('textbox', { name: /^Title/ }), 'Welcome aboard');
    await user.type(within(editor).getByRole('textbox', { name: /^Message/ }), 'Glad you are here');
    await user.type(within(editor).getByRole('textbox', { name: /^Url/ }), 'javascript:alert(1)');
    await user.type(within(editor).getByRole('textbox', { name: /^Custom Icon/ }), 'http://cdn.test/i.png');
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(within(editor).getByText(MSG.httpLink)).toBeInTheDocument();
    expect(within(editor).getByText(MSG.httpsLink)).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it('edits a stored drip (schedule and buttons shown) and shows a 422 under its field', {
    timeout: 30_000,
  }, async () => {
    const uninstall = setSessionExpiredHandler(() => undefined);
    const { writes, user } = setup('/dashboard/3/welcome/7', (call) =>
      call.method === 'POST'
        ? jsonResponse(422, { message: 'Invalid', errors: { '0.url': ['May not be longer than 2048 characters.'] } })
        : undefined,
    );
    const editor = await form();
    expect(within(editor).getByRole('textbox', { name: /^Title/ })).toHaveValue('Thanks for subscribing!');
    expect(within(editor).getByLabelText('Schedule')).toBeChecked();
    expect(within(editor).getByLabelText('Minutes')).toHaveValue('30');
    expect(within(editor).getByLabelText('Action Buttons')).toBeChecked();
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(await within(editor).findByText('May not be longer than 2048 characters.')).toBeInTheDocument();
    expect(writes()[0]!.body).toEqual([expect.objectContaining({ id: 7, domain_id: 3 })]);
    uninstall();
  });

  it('shows the typed notification in the browser through /sw.js when Preview is pressed', {
    timeout: 30_000,
  }, async () => {
    const { writes } = setup('/dashboard/3/welcome/new');
    const Fake = vi.fn() as unknown as typeof Notification;
    Object.assign(Fake, { permission: 'default', requestPermission: vi.fn(async () => 'granted') });
    vi.stubGlobal('Notification', Fake);
    const showNotification = vi.fn(async () => {});
    const register = vi.fn(async () => ({}));
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: { register, ready: Promise.resolve({ showNotification }) },
    });
    const user = userEvent.setup({ delay: null });
    const editor = await form();
    await user.type(within(editor).getByRole('textbox', { name: /^Title/ }), 'Hello there');
    await user.type(within(editor).getByRole('textbox', { name: /^Message/ }), 'Glad you came');
    await user.click(within(editor).getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(showNotification).toHaveBeenCalledWith(
        'Hello there',
        expect.objectContaining({ body: 'Glad you came', actions: [] }),
      ),
    );
    expect(register).toHaveBeenCalledWith('/sw.js');
    expect(writes()).toHaveLength(0);
  });

  it('deletes after confirmation', { timeout: 30_000 }, async () => {
    const { writes, user } = setup('/dashboard/3/welcome');
    await user.click(await screen.findByRole('button', { name: 'Delete Thanks for subscribing!' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(writes().map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /api/v1/drips/welcome/delete/null/7']),
    );
  });

  it('shows a drip that could not be loaded with a Retry that asks again', { timeout: 30_000 }, async () => {
    let failing = true;
    const { calls, user } = setup('/dashboard/3/welcome/7', (call) =>
      failing && call.path === '/api/v1/drips/welcome/get'
        ? jsonResponse(500, { message: 'Drips are down.' })
        : undefined,
    );
    const message = await screen.findByText('Drips are down.', {}, { timeout: 6000 });
    const alert = message.closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('the message is not in an alert');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await form()).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/v1/drips/welcome/get').length).toBeGreaterThanOrEqual(2);
  });
});
