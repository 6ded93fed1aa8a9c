import { DOMAIN_MSG } from '@pushdeck/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler } from '@/lib/api';
import { clearXsrfCookie, csrfCookieResponse, jsonResponse, stubFetch } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { NewWebsitePage } from './new-website-page';

const CREATED = {
  id: 12,
  website_id: 'w-12',
  url: 'https://shop.example',
  is_active: 1,
  postback: null,
  created_at: '2025-01-02T10:00:00.000Z',
  updated_at: '2025-01-02T10:00:00.000Z',
  deleted_at: null,
  vapid_public_key: 'BK',
};

function renderPage(answer: () => Response) {
  const network = stubFetch((call) => (call.path === '/api/csrf-cookie' ? csrfCookieResponse() : answer()));
  renderWithProviders(<NewWebsitePage renderInstall={(domain) => <p>install {domain.website_id}</p>} />, {
    route: '/new-website',
  });
  return { ...network, user: userEvent.setup() };
}

describe('NewWebsitePage', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it("asks nothing for an empty address ('Required.')", async () => {
    const { calls, user } = renderPage(() => jsonResponse(201, { data: CREATED }));
    await user.click(screen.getByRole('button', { name: 'Add website' }));
    expect(screen.getByText('Required.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('creates the website, then shows how to install it and the link to its dashboard', async () => {
    const { calls, user } = renderPage(() => jsonResponse(201, { data: CREATED }));
    await user.type(screen.getByRole('textbox', { name: /Website URL/ }), 'https://shop.example/');
    await user.click(screen.getByRole('button', { name: 'Add website' }));
    expect(await screen.findByRole('heading', { name: 'Website added' })).toBeInTheDocument();
    expect(screen.getByText('install w-12')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open website dashboard' })).toHaveAttribute('href', '/dashboard/12');
    const post = calls.find((c) => c.method === 'POST');
    expect([post?.path, post?.body]).toEqual(['/api/v1/domains', { url: 'https://shop.example/' }]);
  });

  it('says, as the address is typed, that only its origin is kept', async () => {
    const { user } = renderPage(() => jsonResponse(201, { data: CREATED }));
    const field = screen.getByRole('textbox', { name: /Website URL/ });
    await user.type(field, 'https://shop.example');
    expect(screen.queryByText(/Only the website's origin is kept/)).not.toBeInTheDocument();
    await user.type(field, '/blog?ref=1');
    expect(screen.getByText(DOMAIN_MSG.originOnly('https://shop.example', '/blog?ref=1'))).toBeInTheDocument();
  });

  it("shows the server's message under the field", async () => {
    const uninstall = setSessionExpiredHandler(() => undefined);
    const { user } = renderPage(() =>
      jsonResponse(422, { message: 'Select a client!', errors: { url: ['Select a client!'] } }),
    );
    await user.type(screen.getByRole('textbox', { name: /Website URL/ }), 'https://shop.example');
    await user.click(screen.getByRole('button', { name: 'Add website' }));
    expect(await screen.findByText('Select a client!')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Website URL/ })).toHaveAttribute('aria-invalid', 'true');
    uninstall();
  });
});
