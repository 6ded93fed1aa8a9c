import { DOMAIN_MSG, type RoleName } from '@pushdeck/contracts';
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
import { AUTH_FLAG_KEY } from '@/lib/auth';
import { renderWithProviders } from '@/test/render';
import { WebsiteDashboardPage } from './website-dashboard-page';

const DOMAIN = {
  id: 5,
  website_id: 'w-abc',
  url: 'https://news.example',
  is_active: 1,
  postback: null,
  created_at: '2025-01-02T10:00:00.000Z',
  updated_at: '2025-01-02T10:00:00.000Z',
  deleted_at: null,
  vapid_public_key: 'BK',
};

type Answer = (call: StubbedCall) => Response | Promise<Response> | undefined;

function renderPage({ role = 'client', answer }: { role?: RoleName; answer?: Answer } = {}) {
  window.localStorage.setItem(AUTH_FLAG_KEY, '1');
  let current = { ...DOMAIN };
  const network = stubFetch((call) => {
    if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
    if (call.path === '/api/auth/user/info') return jsonResponse(200, { data: userWithRole(role) });
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.method === 'GET' && call.path === '/api/v1/domains/5') return jsonResponse(200, { data: [current] });
    if (call.method === 'PUT' && call.path === '/api/v1/domains/5') {
      current = { ...current, ...(call.body as object) };
      return jsonResponse(200, { data: current });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/:id" element={<WebsiteDashboardPage />} />
    </Routes>,
    { route: '/dashboard/5' },
  );
  const puts = () => network.calls.filter((c) => c.method === 'PUT');
  return { ...network, puts, user: userEvent.setup() };
}

describe('WebsiteDashboardPage', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('shows the breadcrumb with the domain URL and the Things to do panel', async () => {
    renderPage();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await within(crumbs).findByText('https://news.example')).toBeInTheDocument();
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(crumbs).getByText('Website Dashboard')).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'Things to do' });
    expect(within(panel).getByRole('link', { name: 'Welcome Drip' })).toHaveAttribute('href', '/dashboard/5/welcome');
    expect(within(panel).getByRole('switch', { name: 'Status is: on' })).toBeChecked();
    expect(within(panel).getByText('Change your domain status.')).toBeInTheDocument();
    // a client tags its own website here, and makes its own tags in the Tags Manager
    expect(within(panel).getByRole('combobox', { name: 'Website tags' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Tags Manager' })).toHaveAttribute('href', '/tags-manager');
  });

  it('underlines the links in its sentences: colour is not what tells them from the text', async () => {
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Things to do' });
    for (const name of ['Welcome Drip', 'Tags Manager']) {
      expect(within(panel).getByRole('link', { name })).toHaveAttribute('data-underline', 'always');
    }
  });

  it('offers the Welcome Drip link only to whom its route lets in (not a moder, who would be sent back)', async () => {
    renderPage({ role: 'moder' });
    const panel = await screen.findByRole('region', { name: 'Things to do' });
    expect(within(panel).getByRole('switch', { name: 'Status is: on' })).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Welcome Drip' })).toBeNull();
    // staff tag a client's website with the shared tags, which they manage
    expect(within(panel).getByRole('combobox', { name: 'Website tags' })).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Tags Manager' })).toBeNull();
  });

  it('hides Things to do for the user role', async () => {
    renderPage({ role: 'user' });
    expect(await screen.findByRole('heading', { name: 'https://news.example' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Things to do' })).toBeNull();
  });

  it('shows a viewer no switch, Postback or Change domain name (the server would refuse them)', async () => {
    renderPage({ role: 'viewer' });
    const panel = await screen.findByRole('region', { name: 'Things to do' });
    expect(within(panel).getByRole('link', { name: 'Welcome Drip' })).toBeInTheDocument();
    expect(within(panel).queryByRole('switch')).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Postback' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Change domain name' })).toBeNull();
  });

  it('turns the status off only after Yes!, and does nothing on Cancel', async () => {
    const { puts, user } = renderPage();
    await user.click(await screen.findByRole('switch', { name: 'Status is: on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts()).toHaveLength(0);
    expect(screen.getByRole('switch', { name: 'Status is: on' })).toBeChecked();

    await user.click(screen.getByRole('switch', { name: 'Status is: on' }));
    await user.click(await screen.findByRole('button', { name: 'Yes!' }));
    expect(await screen.findByText('Domain status has been updated successfully!')).toBeInTheDocument();
    expect(puts()).toHaveLength(1);
    expect(puts()[0]?.body).toEqual({ fcm_conf: 'client', is_active: 0 });
    expect(await screen.findByRole('switch', { name: 'Status is: off' })).not.toBeChecked();
  });

  it("rejects an empty postback with 'Type your postback url!' and no call, then saves one", async () => {
    const { puts, user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Postback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Postback' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Type your postback url!')).toBeInTheDocument();
    expect(puts()).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Postback url/), 'https://track.example/pb');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Domain postback has been updated successfully!')).toBeInTheDocument();
    expect(puts()[0]?.body).toEqual({ fcm_conf: 'client', postback: 'https://track.example/pb' });
  });

  it("checks the postback with the contract's rule before any call", async () => {
    const { puts, user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Postback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Postback' });
    const input = within(dialog).getByLabelText(/Postback url/);
    await user.type(input, 'ftp://track.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(DOMAIN_MSG.invalidPostback)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(puts()).toHaveLength(0);
    await user.type(input, 'x');
    expect(within(dialog).queryByText(DOMAIN_MSG.invalidPostback)).toBeNull();
  });

  it('does not call the server for an empty new domain name', async () => {
    const { puts, user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Change domain name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change domain name' });
    const input = within(dialog).getByLabelText(/New domain name/);
    expect(input).toHaveAttribute('placeholder', 'https://example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(puts()).toHaveLength(0);
  });

  it("shows the server's rename error in the 'Oops...' popup", async () => {
    const uninstall = setSessionExpiredHandler(() => undefined);
    const { puts, user } = renderPage({
      answer: (call) =>
        call.method === 'PUT'
          ? jsonResponse(422, {
              message: 'This website is already added.',
              errors: { url: ['This website is already added.'] },
            })
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Change domain name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change domain name' });
    await user.type(within(dialog).getByLabelText(/New domain name/), 'https://other.example');
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    const popup = await screen.findByRole('dialog', { name: 'Oops...' });
    expect(within(popup).getByText('This website is already added.')).toBeInTheDocument();
    expect(puts()[0]?.body).toEqual({ fcm_conf: 'client', url: 'https://other.example' });
    uninstall();
  });

  it("holds the title's and the facts' places in grey while the website loads, no spinner", async () => {
    renderPage({ answer: (call) => (call.path === '/api/v1/domains/5' ? new Promise<Response>(() => {}) : undefined) });
    expect(await screen.findByRole('progressbar', { name: 'Loading website' })).toBeInTheDocument();
    expect(screen.getByText('Loading website…')).toBeInTheDocument();
    expect(document.querySelector('.mantine-Loader-root')).toBeNull();
  });

  it('shows a website that could not be loaded with a Retry that asks again', async () => {
    let failing = true;
    const { calls } = renderPage({
      answer: (call) =>
        failing && call.path === '/api/v1/domains/5' ? jsonResponse(500, { message: 'Domains are down.' }) : undefined,
    });
    const alert = (await screen.findByText('Domains are down.')).closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('the message is not in an alert');
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'https://news.example' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/v1/domains/5')).toHaveLength(2);
  });
});
