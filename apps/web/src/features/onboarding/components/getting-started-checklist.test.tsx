import type { GettingStarted, UserInfo } from '@pushdeck/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { clearXsrfCookie, jsonResponse, stubFetch } from '@/lib/api/testing/fetch-stub';
import { AUTH_FLAG_KEY } from '@/lib/auth';
import { renderWithProviders } from '@/test/render';
import { GettingStartedChecklist } from './getting-started-checklist';

const steps = (done: Partial<Record<string, boolean>>, domainId: number | null = 9): GettingStarted => {
  const list = (['website', 'script', 'subscriber', 'welcome'] as const).map((key) => ({
    key,
    done: done[key] ?? false,
  }));
  return { steps: list, done: list.every((s) => s.done), domain_id: domainId };
};

function renderChecklist(user: UserInfo, answer: () => Response) {
  window.localStorage.setItem(AUTH_FLAG_KEY, '1');
  const net = stubFetch((call) => {
    if (call.path === '/api/auth/user/info') return jsonResponse(200, { data: user });
    if (call.path === '/api/v1/getting-started') return answer();
    return jsonResponse(404, { message: 'Not found.' });
  });
  renderWithProviders(<GettingStartedChecklist />, { route: '/dashboard' });
  return net;
}

const stepItem = (title: string) => screen.getByText(title).closest('li') as HTMLElement;

describe('GettingStartedChecklist', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('shows a new client every step to do, the website step linking to Add website and the others waiting', async () => {
    renderChecklist(userWithRole('client'), () => jsonResponse(200, { data: steps({}, null) }));
    expect(await screen.findByRole('heading', { name: 'Get started with Pushdeck' })).toBeInTheDocument();
    expect(screen.getByText('0 of 4 steps done')).toBeInTheDocument();
    expect(within(stepItem('Add a website')).getByRole('link', { name: /Add website/ })).toHaveAttribute(
      'href',
      '/new-website',
    );
    expect(within(stepItem('Download the script')).getByText('Add a website first')).toBeInTheDocument();
    expect(within(stepItem('Create a welcome drip')).queryByRole('link')).toBeNull();
  });

  it("ticks done steps and links the rest to the website's pages", async () => {
    renderChecklist(userWithRole('client'), () =>
      jsonResponse(200, { data: steps({ website: true, script: true }, 9) }),
    );
    expect(await screen.findByText('2 of 4 steps done')).toBeInTheDocument();
    expect(within(stepItem('Add a website')).getByText(/done/)).toBeInTheDocument();
    expect(within(stepItem('Add a website')).queryByRole('link')).toBeNull();
    expect(within(stepItem('Get your first subscriber')).getByRole('link')).toHaveAttribute(
      'href',
      '/dashboard/9/integrate',
    );
    expect(within(stepItem('Create a welcome drip')).getByRole('link')).toHaveAttribute(
      'href',
      '/dashboard/9/welcome/new',
    );
  });

  it('is gone once every step is done', async () => {
    const net = renderChecklist(userWithRole('client'), () =>
      jsonResponse(200, { data: steps({ website: true, script: true, subscriber: true, welcome: true }) }),
    );
    await vi.waitFor(() => expect(net.calls.some((c) => c.path === '/api/v1/getting-started')).toBe(true));
    await vi.waitFor(() => expect(screen.queryByText('Checking your setup…')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Get started with Pushdeck' })).toBeNull();
  });

  it('says when the steps could not be loaded', async () => {
    renderChecklist(userWithRole('client'), () => jsonResponse(500, { message: 'Server Error' }));
    expect(await screen.findByText('The getting-started steps could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('is not shown to staff', async () => {
    const net = renderChecklist(userWithRole('moder'), () => jsonResponse(200, { data: steps({}, null) }));
    await vi.waitFor(() => expect(net.calls.some((c) => c.path === '/api/auth/user/info')).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Get started with Pushdeck' })).toBeNull();
    expect(net.calls.some((c) => c.path === '/api/v1/getting-started')).toBe(false);
  });
});
