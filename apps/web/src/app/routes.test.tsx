import { ROLE_PERMISSIONS, type UserInfo } from '@pushdeck/contracts';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { clearXsrfCookie, jsonResponse, stubFetch } from '@/lib/api/testing/fetch-stub';
import { AUTH_FLAG_KEY, MODERATOR_FLAG_KEY } from '@/lib/auth';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { installSessionExpiry, syncDocumentTitle } from './router';
import { createAppRoutes } from './routes';
import { userWithRole } from './test-users';

const cleanups: Array<() => void> = [];

function renderApp(path: string, info: UserInfo | 401 | null) {
  if (info !== null) window.localStorage.setItem(AUTH_FLAG_KEY, '1');
  const network = stubFetch((call) => {
    if (call.path === '/api/auth/user/info') {
      return info === 401 || info === null
        ? jsonResponse(401, { message: 'Unauthenticated.' })
        : jsonResponse(200, { data: info });
    }
    if (call.path === '/api/v1/domains') return jsonResponse(200, { data: [{ id: 5, url: 'news.example' }] });
    if (call.path === '/api/v1/management/clients') return jsonResponse(200, { data: [] });
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
