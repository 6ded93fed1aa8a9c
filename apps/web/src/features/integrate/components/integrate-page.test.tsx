import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { clearXsrfCookie, csrfCookieResponse, jsonResponse, stubFetch } from '@/lib/api/testing/fetch-stub';
import { AUTH_FLAG_KEY } from '@/lib/auth';
import { renderWithProviders } from '@/test/render';
import { IntegratePage } from './integrate-page';
import { Integrate2Page } from './integrate2-page';

const DOMAIN = { id: 5, website_id: 'w-abc', url: 'https://news.example', is_active: 1 };

function renderAt(
  route: string,
  domain: Record<string, unknown> = DOMAIN,
  answer?: (path: string) => Response | Promise<Response> | undefined,
) {
  window.localStorage.setItem(AUTH_FLAG_KEY, '1');
  const network = stubFetch((call) => {
    if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
    if (call.path === '/api/auth/user/info') return jsonResponse(200, { data: userWithRole('client') });
    const custom = answer?.(call.path);
    if (custom) return custom;
    if (call.path === '/api/v1/domains/5') return jsonResponse(200, { data: [domain] });
    if (call.path === '/api/v1/files/generateJavaScriptFileByDomain') {
      return new Response('self.PUSHMINE_CONFIG = {};', { headers: { 'Content-Type': 'application/javascript' } });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/:id/integrate" element={<IntegratePage />} />
      <Route path="/dashboard/:id/integrate2" element={<Integrate2Page />} />
    </Routes>,
    { route },
  );
  return { ...network, user: userEvent.setup() };
}

describe('Integrate', () => {
  let saved: string[];
  beforeEach(() => {
    saved = [];
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('downloads each file for this website with the generate call and saves it as {filename}.js', async () => {
    const { calls, user } = renderAt('/dashboard/5/integrate');
    await user.click(await screen.findByRole('button', { name: 'Download sw_pm.js' }));
    await user.click(screen.getByRole('button', { name: 'Download pushmine.js' }));
    await vi.waitFor(() => expect(saved).toEqual(['sw_pm.js', 'pushmine.js']));
    const generated = calls.filter((c) => c.path === '/api/v1/files/generateJavaScriptFileByDomain');
    expect(
      generated.map((c) => [c.method, c.url.searchParams.get('filename'), c.url.searchParams.get('website_id')]),
    ).toEqual([
      ['POST', 'sw_pm', 'w-abc'],
      ['POST', 'pushmine', 'w-abc'],
    ]);
  });

  it('shows the snippet, where the files go, and the link to the service-worker variant', async () => {
    renderAt('/dashboard/5/integrate');
    const step2 = await screen.findByRole('region', { name: 'Upload pushmine.js and load it on every page' });
    expect(within(step2).getByText('<script src="/pushmine.js" async></script>')).toBeInTheDocument();
    expect(within(step2).getByText('https://news.example/pushmine.js')).toBeInTheDocument();
    const identify = screen.getByRole('region', { name: 'Optional: send to your own user ids' });
    expect(within(identify).getByLabelText('Identify the visitor')).toHaveTextContent(
      "window.pushmine.push(['identify', 'user-42']);",
    );
    expect(screen.getByText('https://news.example/sw_pm.js')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Integrate with an existing service worker' })).toHaveAttribute(
      'href',
      '/dashboard/5/integrate2',
    );
  });

  it("says 'No subscription received yet' when the server reports none", async () => {
    renderAt('/dashboard/5/integrate', { ...DOMAIN, last_subscribed_at: null });
    expect(await screen.findByText('No subscription received yet')).toBeInTheDocument();
  });

  it('reports the last subscription time', async () => {
    renderAt('/dashboard/5/integrate', { ...DOMAIN, last_subscribed_at: '2025-03-04T05:06:00.000Z' });
    expect(await screen.findByText('Subscriptions are arriving')).toBeInTheDocument();
    expect(screen.queryByText('No subscription received yet')).toBeNull();
  });

  it('does not claim anything when the server does not report the last subscription', async () => {
    renderAt('/dashboard/5/integrate');
    expect(await screen.findByText('Cannot check yet')).toBeInTheDocument();
    expect(screen.queryByText('No subscription received yet')).toBeNull();
  });

  it('builds the combined /sw_pm.js for the site worker path the owner types', async () => {
    const { user } = renderAt('/dashboard/5/integrate2');
    const input = await screen.findByLabelText('Path of your current service worker');
    await user.clear(input);
    await user.type(input, "/app/worker's.js");
    const code = screen.getByText(/the one service worker of your site/);
    expect(code.textContent).toContain("importScripts('/pushdeck/sw_pm.js');");
    expect(code.textContent).toContain("importScripts('/app/worker\\'s.js');");
    expect(screen.getByRole('button', { name: 'Download sw_pm.js' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download pushmine.js' })).toBeInTheDocument();
  });

  it('holds the guide in place with grey bars while the website loads, no spinner', async () => {
    renderAt('/dashboard/5/integrate', DOMAIN, (path) =>
      path === '/api/v1/domains/5' ? new Promise<Response>(() => {}) : undefined,
    );
    expect(await screen.findByRole('progressbar', { name: 'Loading website' })).toBeInTheDocument();
    expect(document.querySelector('.mantine-Loader-root')).toBeNull();
  });

  it('shows a website that could not be loaded with a Retry that asks again', async () => {
    let failing = true;
    const { calls, user } = renderAt('/dashboard/5/integrate', DOMAIN, (path) =>
      failing && path === '/api/v1/domains/5' ? jsonResponse(500, { message: 'Domains are down.' }) : undefined,
    );
    const alert = (await screen.findByText('Domains are down.')).closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('the message is not in an alert');
    const asked = () => calls.filter((c) => c.path === '/api/v1/domains/5').length;
    const before = asked();
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Website Id/)).toBeInTheDocument();
    expect(asked()).toBeGreaterThan(before);
  });
});
