import { ROLE_PERMISSIONS, type UserInfo } from '@pushdeck/contracts';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { clearXsrfCookie, jsonResponse, stubFetch } from '@/lib/api/testing/fetch-stub';
import { AUTH_FLAG_KEY, MODERATOR_FLAG_KEY } from '@/lib/auth';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { installSessionExpiry, markRouteBusy, ROUTE_BUSY_ATTRIBUTE, syncDocumentTitle } from './router';
import { createAppRoutes } from './routes';
import { userWithRole } from './test-users';

const cleanups: Array<() => void> = [];

/** What GET /api/v1/billing/usage answers a client's user: sends at `sends` of 10, Data Explorer off. */
function usageOf(sends: number) {
  const quota = (used: number, limit: number | null) => ({
    used,
    limit,
    percent: limit === null ? null : (used / limit) * 100,
    level: limit === null || used < limit * 0.8 ? 'ok' : used >= limit ? 'reached' : 'near',
  });
  const at = '2026-11-01T00:00:00.000Z';
  return {
    plan: {
      id: 3,
      name: 'Tiny',
      monthly_sends: 10,
      active_subscribers: null,
      websites: null,
      features: { data_explorer: false },
      created_at: at,
      updated_at: at,
    },
    timezone: 'UTC',
    month: '2026-11',
    sends: quota(sends, 10),
    active_subscribers: quota(3, null),
    websites: quota(1, null),
    over_quota: { sends: 0, subscribers: 0 },
    daily: [],
    months: [],
    pending_request: null,
  };
}

function renderApp(path: string, info: UserInfo | 401 | null, usage?: ReturnType<typeof usageOf>) {
  if (info !== null) window.localStorage.setItem(AUTH_FLAG_KEY, '1');
  const network = stubFetch((call) => {
    if (call.path === '/api/auth/user/info') {
      return info === 401 || info === null
        ? jsonResponse(401, { message: 'Unauthenticated.' })
        : jsonResponse(200, { data: info });
    }
    if (call.path === '/api/v1/domains') return jsonResponse(200, { data: [{ id: 5, url: 'news.example' }] });
    if (call.path === '/api/v1/management/clients') return jsonResponse(200, { data: [] });
    if (call.path === '/api/v1/billing/usage' && usage) return jsonResponse(200, { data: usage });
    if (call.path === '/api/v1/billing/plans' && usage) return jsonResponse(200, { data: [usage.plan] });
    // the dashboard asks for its figures as its guard lets the user in (prefetchScreen): none here, and no sign-out
    if (call.path.startsWith('/api/v1/statistics/')) return jsonResponse(404, { message: 'Not found.' });
    if (call.path === '/api/v1/clients/current') {
      return jsonResponse(200, { data: { id: 1, client_uid: 'c-1', name: 'Acme Shop', is_active: 1 } });
    }
    return jsonResponse(401, { message: 'Unauthenticated.' });
  });
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createAppRoutes(queryClient), { initialEntries: [path] });
  cleanups.push(installSessionExpiry(queryClient, router));
  render(<AppProviders queryClient={queryClient} router={router} />);
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...network, router, location };
}

describe('app routes', () => {
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('opens Login with a redirect for a signed-out visitor, without asking the server', async () => {
    const app = renderApp('/files?page=2', null);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(app.location()).toBe('/login?redirect=%2Ffiles%3Fpage%3D2');
    expect(app.calls).toHaveLength(0);
  });

  it('names the browser tab after the screen on view, once each navigation settles', async () => {
    const app = renderApp('/files', null);
    cleanups.push(syncDocumentTitle(app.router));
    await screen.findByRole('heading', { name: 'Log in' });
    await waitFor(() => expect(document.title).toBe('Login · Pushdeck'));
    await act(() => app.router.navigate('/register'));
    await waitFor(() => expect(document.title).toBe('Register · Pushdeck'));
  });

  it('logs out and opens Login when the session check answers 401', async () => {
    const app = renderApp('/profile', 401);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(app.location()).toBe('/login?redirect=%2Fprofile');
    expect(window.localStorage.getItem(AUTH_FLAG_KEY)).toBeNull();
  });

  it('shows an unknown path as Page Not Found inside the app layout', async () => {
    renderApp('/no-such-screen', userWithRole('client'));
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'My Account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('heads NewWebsite with the impersonation banner and its way back while staff act as the client', async () => {
    renderApp('/new-website', userWithRole('client', { backToModerUrl: '/api/auth/moder/backToModer/3' }));
    expect(await screen.findByRole('heading', { name: 'Add a website' })).toBeInTheDocument();
    const banner = screen.getByRole('region', { name: 'Impersonation' });
    expect(banner).toHaveTextContent('You are signed in as Ada client (client@example.test)');
    expect(screen.getByRole('button', { name: 'Return to moderation' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('shows NewWebsite without the top bar and the sidebar', async () => {
    renderApp('/new-website', userWithRole('client'));
    expect(await screen.findByRole('heading', { name: 'Add a website' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'My Account' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Website' })).toBeNull();
  });

  it("offers 'Add website' in the top bar to those who may add one", async () => {
    renderApp('/profile', userWithRole('client'));
    expect(await screen.findByRole('link', { name: 'Add website' })).toHaveAttribute('href', '/new-website');
  });

  it('sends a client away from /management/clients to /dashboard', async () => {
    const app = renderApp('/management/clients', userWithRole('client'));
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
  });

  it('sends a moderator from /dashboard to /moderation-dashboard and remembers the moderator flag', async () => {
    const app = renderApp('/dashboard', userWithRole('moder'));
    await waitFor(() => expect(app.location()).toBe('/moderation-dashboard'));
    expect(window.localStorage.getItem(MODERATOR_FLAG_KEY)).toBe('1');
    // a moder finds websites in the top bar too: the client first, then its websites
    expect(await screen.findByRole('combobox', { name: 'Client' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Website' })).toBeDisabled();
  });

  it('sends a signed-in user from /login to /dashboard', async () => {
    const app = renderApp('/login', userWithRole('admin'));
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
  });

  it('shows Page Not Found with the public top bar when signed out', async () => {
    renderApp('/no/such/page', null);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('shows the return-to-moderation button only while impersonating', async () => {
    const impersonated = userWithRole('client', { backToModerUrl: '/api/auth/moder/backToModer/3' });
    renderApp('/profile', impersonated);
    // in the top bar and in the impersonation banner
    expect(await screen.findAllByRole('button', { name: 'Return to moderation' })).toHaveLength(2);
  });

  it("keeps a client's user signed in when the usage call fails, and shows no plan banner", async () => {
    const app = renderApp('/profile', userWithRole('client'));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    await waitFor(() => expect(app.calls.some((c) => c.path === '/api/v1/billing/usage')).toBe(true));
    expect(app.location()).toBe('/profile');
    expect(screen.queryByRole('status', { name: /plan limit/i })).toBeNull();
  });

  it("shows a client's user the plan banner on any screen at 80 %, dismissed until the next level", async () => {
    window.localStorage.removeItem('pushdeck.planBanner.dismissed');
    renderApp('/profile', userWithRole('client'), usageOf(8));
    const banner = await screen.findByRole('status', { name: /plan limit/i });
    expect(banner).toHaveTextContent('Near your plan limit');
    expect(banner).toHaveTextContent('monthly sends 8 of 10');
    expect(within(banner).getByRole('link', { name: 'Ask for an upgrade' })).toHaveAttribute('href', '/upgrade');
    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status', { name: /plan limit/i })).toBeNull();
    cleanup();
    // at 100 % it comes back
    renderApp('/profile', userWithRole('client'), usageOf(10));
    expect(await screen.findByRole('status', { name: /plan limit/i })).toHaveTextContent('Plan limit reached');
  });

  it("shows a client's user what is missing instead of a screen the plan switches off, and hides its link", async () => {
    const app = renderApp('/data-explorer', userWithRole('client'), usageOf(1));
    const root = document.createElement('div');
    cleanups.push(markRouteBusy(app.router, root));
    expect(await screen.findByRole('heading', { name: 'Not in your plan' })).toBeInTheDocument();
    // the refusal is the location's screen: the route is ready (the journeys wait for that)
    await waitFor(() => expect(root.hasAttribute(ROUTE_BUSY_ATTRIBUTE)).toBe(false));
    expect(
      screen.getByText('Your plan does not include Data Explorer. Ask for an upgrade on the Upgrade page.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/upgrade');
    expect(screen.queryByRole('heading', { name: 'Data Explorer' })).toBeNull();
    expect(app.location()).toBe('/data-explorer');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Analytics' }));
    expect(await within(nav).findByRole('link', { name: 'Global Overview' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Data Explorer' })).toBeNull();
  });

  it("opens a plan feature's screen when the usage cannot be read (the server still refuses its calls)", async () => {
    renderApp('/data-explorer', userWithRole('client'));
    expect(await screen.findByRole('heading', { name: 'Data Explorer', level: 1 })).toBeInTheDocument();
  });

  it('ends the session and opens Login when any later call answers 401', async () => {
    const admin = userWithRole('admin', { roles: [{ name: 'admin', permissions: [...ROLE_PERMISSIONS.admin] }] });
    const app = renderApp('/profile', admin);
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    await act(async () => {
      await api.get('/v1/anything').catch(() => undefined);
    });
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Fprofile'));
    expect(window.localStorage.getItem(AUTH_FLAG_KEY)).toBeNull();
  });
});
