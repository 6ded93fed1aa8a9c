import { type ClientUsage, type Plan, type QuotaUsage, quotaLevel, type Usage } from '@pushdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { getSelectedClientUid, setSelectedClientUid, setStaffActor } from '@/lib/api';
import { jsonResponse, setXsrfCookie, stubFetch } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { BillingPage } from './billing-page';
import { UpgradePage } from './upgrade-page';

const at = '2026-11-01T00:00:00.000Z';
const small: Plan = {
  id: 1,
  name: 'Small <b>',
  monthly_sends: 10,
  active_subscribers: 100,
  websites: 2,
  features: { exports: false },
  created_at: new Date(at),
  updated_at: new Date(at),
};
const big: Plan = { ...small, id: 2, name: 'Big', monthly_sends: 1000, features: {} };
const quota = (used: number, limit: number | null): QuotaUsage => ({
  used,
  limit,
  percent: limit === null ? null : (used / limit) * 100,
  level: quotaLevel(used, limit),
});
const usage = (over: Partial<Usage> = {}) => ({
  plan: small,
  timezone: 'UTC',
  month: '2026-11',
  sends: quota(9, 10),
  active_subscribers: quota(3, 100),
  websites: quota(1, 2),
  over_quota: { sends: 0, subscribers: 0 },
  daily: [{ day: '2026-11-26', sends: 9, over_quota: 0 }],
  months: [{ month: '2026-11', sends: 9, over_quota: 0, refused_subscribers: 0 }],
  pending_request: null,
  ...over,
});

const clientRow = (over: Partial<ClientUsage>): ClientUsage => ({
  client_id: 1,
  client_uid: 'acme-uid',
  name: 'Acme Shop',
  is_active: 1,
  plan_id: 1,
  plan_name: 'Small <b>',
  timezone: 'UTC',
  month: '2026-11',
  sends: quota(9, 10),
  active_subscribers: quota(3, 100),
  websites: quota(1, 2),
  percent: 90,
  level: 'near',
  ...over,
});
const overview = {
  data: {
    data: [
      clientRow({}),
      clientRow({
        client_id: 2,
        client_uid: 'globex-uid',
        name: 'Globex News',
        plan_id: null,
        plan_name: null,
        sends: quota(240_825, null),
        percent: null,
        level: 'ok',
      }),
    ],
    total: 2,
    page: 1,
    pageLength: 10,
  },
  meta: { totals: { clients: 2, sends: 240_834, active_subscribers: 6, websites: 3 } },
};
const clients = [
  { id: 1, client_uid: 'acme-uid', name: 'Acme Shop', is_active: 1 },
  { id: 2, client_uid: 'globex-uid', name: 'Globex News', is_active: 1 },
];

describe('Billing and Upgrade', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
    setStaffActor(false);
  });

  it('shows the plan, each quota against its limit, the 80 % banner and the months', async () => {
    stubFetch((call) =>
      call.path === '/api/v1/billing/usage' ? jsonResponse(200, { data: usage() }) : jsonResponse(404, {}),
    );
    renderWithProviders(<BillingPage />, { route: '/billing', user: userWithRole('client') });
    expect(await screen.findByText('Near your plan limit')).toBeInTheDocument();
    expect(screen.getByText('Small <b>')).toBeInTheDocument();
    expect(screen.getByLabelText('Monthly sends used')).toHaveTextContent('9 of 10');
    expect(screen.getByLabelText('Websites used')).toHaveTextContent('1 of 2');
    const months = screen.getByRole('table', { name: 'Usage by month' });
    expect(within(months).getByText('2026-11')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export usage (CSV)' })).toHaveAttribute(
      'href',
      '/api/v1/billing/usage/export',
    );
  });

  it('lists the plans side by side and sends a request for another one', async () => {
    setXsrfCookie();
    const asked: unknown[] = [];
    stubFetch(async (call) => {
      if (call.path === '/api/v1/billing/plans') return jsonResponse(200, { data: [small, big] });
      if (call.path === '/api/v1/billing/usage') return jsonResponse(200, { data: usage() });
      if (call.path === '/api/v1/billing/requests' && call.method === 'POST') {
        asked.push(call.body);
        return jsonResponse(201, {
          data: {
            id: 5,
            client_id: 1,
            client_name: 'Acme',
            plan_id: 2,
            plan_name: 'Big',
            current_plan_name: 'Small <b>',
            status: 'pending',
            requested_by_email: 'client@pushdeck.test',
            created_at: at,
            decided_at: null,
          },
        });
      }
      return jsonResponse(404, {});
    });
    renderWithProviders(<UpgradePage />, { route: '/upgrade', user: userWithRole('client') });
    const bigCard = await screen.findByLabelText('Plan Big');
    expect(within(screen.getByLabelText('Plan Small <b>')).getByText('Current plan')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Plan Small <b>')).getByText('Exports: no')).toBeInTheDocument();
    await userEvent.setup().click(within(bigCard).getByRole('button', { name: 'Ask for Big' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    // a client never sees the admins' list of requests
    expect(screen.queryByText('Requests waiting for an answer')).toBeNull();
  });

  it('offers no request to a client user who is not its owner, and says who may ask', async () => {
    stubFetch((call) => {
      if (call.path === '/api/v1/billing/plans') return jsonResponse(200, { data: [small, big] });
      if (call.path === '/api/v1/billing/usage') return jsonResponse(200, { data: usage() });
      return jsonResponse(404, {});
    });
    renderWithProviders(<UpgradePage />, { route: '/upgrade', user: userWithRole('user') });
    const bigCard = await screen.findByLabelText('Plan Big');
    expect(within(bigCard).queryByRole('button', { name: 'Ask for Big' })).toBeNull();
    expect(screen.getByText(/The owner of your client account can ask for another plan/)).toBeInTheDocument();
  });

  it('lets an admin edit a plan in place', async () => {
    setXsrfCookie();
    const saved: { path: string; body: unknown }[] = [];
    stubFetch(async (call) => {
      if (call.method === 'PUT') {
        saved.push({ path: call.path, body: call.body });
        return jsonResponse(200, { data: { ...big, monthly_sends: 5000 } });
      }
      if (call.path === '/api/v1/billing/plans') return jsonResponse(200, { data: [small, big] });
      if (call.path === '/api/v1/billing/usage') return jsonResponse(200, { data: usage() });
      return jsonResponse(200, { data: [] });
    });
    renderWithProviders(<UpgradePage />, { route: '/upgrade', user: userWithRole('admin') });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Big' }));
    const form = screen.getByRole('form', { name: 'Edit plan' });
    const sends = within(form).getByRole('textbox', { name: 'Monthly sends' });
    expect(sends).toHaveValue('1000');
    await user.clear(sends);
    await user.type(sends, '5000');
    await user.click(within(form).getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      path: '/api/v1/billing/plans/2',
      body: { name: 'Big', monthly_sends: 5000, active_subscribers: 100, websites: 2, features: {} },
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit plan' })).toBeNull());
  });

  it('holds the usage in place with grey bars while it loads, no spinner', async () => {
    stubFetch(() => new Promise<Response>(() => {}));
    const { container } = renderWithProviders(<BillingPage />, { route: '/billing', user: userWithRole('client') });
    expect(await screen.findByRole('progressbar', { name: 'Loading usage' })).toBeInTheDocument();
    expect(container.querySelector('.mantine-Loader-root')).toBeNull();
  });

  it('shows a Retry when the usage cannot load, and Retry asks again', async () => {
    let failing = true;
    const net = stubFetch(() =>
      failing ? jsonResponse(500, { message: 'Usage is down.' }) : jsonResponse(200, { data: usage() }),
    );
    renderWithProviders(<BillingPage />, { route: '/billing', user: userWithRole('client') });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Usage could not be loaded');
    expect(alert).toHaveTextContent('Usage is down.');
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Monthly sends used')).toHaveTextContent('9 of 10');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(net.calls.filter((c) => c.path === '/api/v1/billing/usage')).toHaveLength(2);
  });

  it('says what comes when nothing was sent this month yet', async () => {
    stubFetch(() => jsonResponse(200, { data: usage({ daily: [] }) }));
    renderWithProviders(<BillingPage />, { route: '/billing', user: userWithRole('client') });
    expect(await screen.findByText('No sends this month yet.')).toBeInTheDocument();
    expect(screen.getByText("Each day's sends show here once a push goes out.")).toBeInTheDocument();
  });

  it('holds the plans in place while they load, then retries them when they fail', async () => {
    let plans: 'wait' | 'fail' | 'none' = 'wait';
    stubFetch((call) => {
      if (call.path === '/api/v1/billing/usage') return jsonResponse(200, { data: usage() });
      if (plans === 'wait') return new Promise<Response>(() => {});
      return plans === 'fail' ? jsonResponse(500, { message: 'Plans are down.' }) : jsonResponse(200, { data: [] });
    });
    const first = renderWithProviders(<UpgradePage />, { route: '/upgrade', user: userWithRole('client') });
    expect((await screen.findAllByRole('progressbar', { name: 'Loading plans' })).length).toBeGreaterThan(0);
    first.unmount();

    plans = 'fail';
    renderWithProviders(<UpgradePage />, { route: '/upgrade', user: userWithRole('client') });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Plans are down.');
    plans = 'none';
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No plans yet.')).toBeInTheDocument();
    expect(screen.getByText('Every client is unlimited until an administrator creates plans.')).toBeInTheDocument();
  });

  it("shows an admin the requests' and plans' own loading, error and empty states", async () => {
    let failing = true;
    stubFetch((call) => {
      if (call.path === '/api/v1/billing/usage') return jsonResponse(200, { data: usage() });
      if (call.path === '/api/v1/billing/requests') {
        return failing ? jsonResponse(500, { message: 'Requests are down.' }) : jsonResponse(200, { data: [] });
      }
      if (call.path === '/api/v1/billing/plans') return jsonResponse(200, { data: [] });
      return jsonResponse(200, { data: [] });
    });
    renderWithProviders(<UpgradePage />, { route: '/upgrade', user: userWithRole('admin') });
    expect(await screen.findByText('Create the first one with the form below.')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Requests are down.');
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No pending request.')).toBeInTheDocument();
    expect(
      screen.getByText('When a client asks for another plan, the request shows here to approve or decline.'),
    ).toBeInTheDocument();
  });

  it('says what the monthly sends count: the statistics’ sent of the calendar month', async () => {
    stubFetch(() => jsonResponse(200, { data: usage({ timezone: 'Europe/Kyiv' }) }));
    renderWithProviders(<BillingPage />, { route: '/billing', user: userWithRole('client') });
    expect(
      await screen.findByText(
        'Pushes the push services accepted this calendar month (Europe/Kyiv), every drip type: the same count as Sent in Statistics for this month. A push that failed is not counted; one still being sent is.',
      ),
    ).toBeInTheDocument();
  });

  it('shows staff with no client every client’s usage, never an error, and opens a client’s Billing from it', async () => {
    setStaffActor(true);
    const net = stubFetch((call) => {
      if (call.path === '/api/v1/billing/overview') return jsonResponse(200, overview);
      if (call.path === '/api/v1/management/clients') return jsonResponse(200, { data: clients });
      if (call.path === '/api/v1/billing/usage') {
        return call.headers.get('client') === 'globex-uid'
          ? jsonResponse(200, { data: usage({ plan: null, sends: quota(240_825, null) }) })
          : jsonResponse(422, { message: 'Select a client first.', errors: { client: ['Select a client first.'] } });
      }
      return jsonResponse(404, {});
    });
    renderWithProviders(<BillingPage />, { route: '/billing?order_by=sends:desc', user: userWithRole('admin') });
    const table = await screen.findByRole('table', { name: 'Usage by client' });
    const globex = await within(table).findByRole('row', { name: /Globex News/ });
    expect(within(globex).getByText('240,825')).toBeInTheDocument();
    expect(within(globex).getByText('Unlimited')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Acme Shop/ })).getByText('90 %')).toBeInTheDocument();
    expect(screen.getByLabelText('Usage totals')).toHaveTextContent(
      'Totals (2 clients): 240,834 monthly sends, 6 active subscribers, 3 websites.',
    );
    // sorted, paged and searched on the server, from the URL
    const asked = net.calls.find((c) => c.path === '/api/v1/billing/overview')!;
    expect(Object.fromEntries(asked.url.searchParams)).toEqual({ page: '1', pageLength: '10', order_by: 'sends:desc' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(net.calls.some((c) => c.path === '/api/v1/billing/usage')).toBe(false);

    // a client's name opens its Billing (the acting client), and All clients comes back
    const user = userEvent.setup();
    await user.click(within(globex).getByRole('button', { name: 'Globex News' }));
    expect(getSelectedClientUid()).toBe('globex-uid');
    expect(await screen.findByLabelText('Monthly sends used')).toHaveTextContent('240825 (unlimited)');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'All clients' }));
    expect(await screen.findByRole('table', { name: 'Usage by client' })).toBeInTheDocument();
    expect(getSelectedClientUid()).toBeNull();
  });

  it('shows staff with no client the plans and a prompt to pick the client, without reading a usage', async () => {
    setStaffActor(true);
    const net = stubFetch((call) => {
      if (call.path === '/api/v1/billing/plans') return jsonResponse(200, { data: [small, big] });
      if (call.path === '/api/v1/management/clients') return jsonResponse(200, { data: clients });
      if (call.path === '/api/v1/billing/usage') return jsonResponse(422, { message: 'Select a client first.' });
      return jsonResponse(200, { data: [] });
    });
    renderWithProviders(<UpgradePage />, { route: '/upgrade', user: userWithRole('moder') });
    const bigCard = await screen.findByLabelText('Plan Big');
    expect(screen.getByText('Pick the client whose plan to change:')).toBeInTheDocument();
    expect(screen.getAllByLabelText('Client to act for').length).toBeGreaterThan(0);
    expect(within(bigCard).queryByRole('button', { name: 'Ask for Big' })).toBeNull();
    expect(screen.queryByText('Current plan')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(net.calls.some((c) => c.path === '/api/v1/billing/usage')).toBe(false);
  });

  it('lets staff with a client picked ask for a plan on its behalf, as before', async () => {
    setStaffActor(true);
    setSelectedClientUid('acme-uid');
    const net = stubFetch((call) => {
      if (call.path === '/api/v1/billing/plans') return jsonResponse(200, { data: [small, big] });
      if (call.path === '/api/v1/management/clients') return jsonResponse(200, { data: clients });
      if (call.path === '/api/v1/billing/usage') return jsonResponse(200, { data: usage() });
      return jsonResponse(200, { data: [] });
    });
    renderWithProviders(<UpgradePage />, { route: '/upgrade', user: userWithRole('moder') });
    const bigCard = await screen.findByLabelText('Plan Big');
    expect(await within(screen.getByLabelText('Plan Small <b>')).findByText('Current plan')).toBeInTheDocument();
    expect(within(bigCard).getByRole('button', { name: 'Ask for Big' })).toBeInTheDocument();
    expect(screen.getByText('Changing the plan of:')).toBeInTheDocument();
    expect(net.calls.find((c) => c.path === '/api/v1/billing/usage')!.headers.get('client')).toBe('acme-uid');
  });
});
