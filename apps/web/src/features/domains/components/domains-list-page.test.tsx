import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import {
  clearXsrfCookie,
  csrfCookieResponse,
  jsonResponse,
  type StubbedCall,
  stubFetch,
} from '@/lib/api/testing/fetch-stub';
import { AUTH_FLAG_KEY } from '@/lib/auth';
import { renderWithProviders } from '@/test/render';
import { DomainsListPage } from './domains-list-page';

const ROWS = [
  {
    id: 8,
    website_id: 'w-8',
    url: 'https://b.example',
    is_active: 1,
    created_at: '2025-02-01T00:00:00.000Z',
    domain_tags: [{ id: 1, name: 'Germany', type: 'geo' }],
  },
  {
    id: 7,
    website_id: 'w-7',
    url: 'https://a.example',
    is_active: 0,
    created_at: '2025-01-01T00:00:00.000Z',
    domain_tags: [],
  },
];

function listAnswer(call: StubbedCall, rows: typeof ROWS) {
  const search = call.url.searchParams.get('search') ?? '';
  const matching = rows.filter(
    (row) => row.url.includes(search) || String(row.id) === search || row.website_id === search,
  );
  if (call.url.searchParams.get('paginate') === 'true') {
    return jsonResponse(200, { data: { data: matching, total: matching.length, page: 1, pageLength: 10 } });
  }
  return jsonResponse(200, { data: matching });
}

function renderPage(rows = ROWS) {
  const network = stubFetch((call) => {
    if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
    if (call.path === '/api/v1/domains/get') return listAnswer(call, rows);
    if (call.path === '/api/v1/files/generateUnitFile')
      return jsonResponse(202, {
        data: { path: '/files/domains_list_x.csv', basename: 'domains_list_x.csv', status: 'in_progress' },
      });
    if (call.path === '/api/v1/files/generateJavaScriptZipByDomains') {
      return new Response('PK', {
        headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="domains.zip"' },
      });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  renderWithProviders(<DomainsListPage />, { route: '/domain-list' });
  return { ...network, user: userEvent.setup() };
}

describe('DomainsListPage', () => {
  let saved: string[];
  beforeEach(() => {
    saved = [];
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

  it('lists websites with their columns and tag chips, asking the server with tags and the default order', async () => {
    const { calls } = renderPage();
    const table = await screen.findByRole('table', { name: 'Domains' });
    expect(await within(table).findByRole('link', { name: 'https://b.example' })).toHaveAttribute(
      'href',
      '/dashboard/8',
    );
    for (const header of ['Id', 'Website Id', 'Url', 'Status', 'Tags', 'Created at']) {
      expect(within(table).getByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeInTheDocument();
    }
    expect(within(table).getByText('Germany')).toBeInTheDocument();
    expect(within(table).getByText('Inactive')).toBeInTheDocument();
    const first = calls[0]?.url.searchParams;
    expect([first?.get('with[domain_tags]'), first?.get('order_by'), first?.get('page')]).toEqual([
      '*',
      'id:desc',
      '1',
    ]);
  });

  it('searches on the server by url text, id or website id', async () => {
    const { calls, user } = renderPage();
    await screen.findByRole('link', { name: 'https://b.example' });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'w-7');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'https://b.example' })).toBeNull());
    expect(screen.getByRole('link', { name: 'https://a.example' })).toBeInTheDocument();
    expect(calls.at(-1)?.url.searchParams.get('search')).toBe('w-7');
  });

  it("answers 'No data to download!' for CSV and zip when nothing is listed, without asking for rows", async () => {
    const { calls, user } = renderPage([]);
    expect(await screen.findByText('No websites yet.')).toBeInTheDocument();
    const before = calls.length;
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('No data to download!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download zip' }));
    await waitFor(() => expect(screen.getAllByText('No data to download!')).toHaveLength(2));
    expect(calls).toHaveLength(before);
    expect(saved).toEqual([]);
  });

  it('starts the server export of the listed rows (domains_list) and downloads the zip of their integration files', async () => {
    const { calls, user } = renderPage();
    await screen.findByRole('link', { name: 'https://b.example' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('It can take up to 15 minutes.')).toBeInTheDocument();
    const started = calls.find((c) => c.path === '/api/v1/files/generateUnitFile');
    expect(started?.url.searchParams.get('type')).toBe('domains_list');
    expect((started!.body as { query: Record<string, string> }).query.order_by).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download zip' }));
    await waitFor(() => expect(saved).toEqual(['domains.zip']));
    const zip = calls.find((c) => c.path === '/api/v1/files/generateJavaScriptZipByDomains');
    expect(zip?.method).toBe('POST');
    expect(zip?.body).toBeInstanceOf(FormData);
    expect((zip?.body as FormData | undefined)?.getAll('website_ids[]')).toEqual(['w-8', 'w-7']);
    expect(zip?.headers.get('x-xsrf-token')).toBeTruthy();
  });
});

describe('DomainsListPage tags', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('lets a tag manager add a tag to a website from its details', async () => {
    window.localStorage.setItem(AUTH_FLAG_KEY, '1');
    const { calls } = stubFetch((call) => {
      if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
      if (call.path === '/api/auth/user/info') return jsonResponse(200, { data: userWithRole('admin') });
      if (call.path === '/api/v1/tags')
        return jsonResponse(200, {
          data: [
            { id: 1, name: 'Germany', type: 'geo' },
            { id: 2, name: 'News', type: 'category' },
          ],
        });
      if (call.path === '/api/v1/domains/get') return listAnswer(call, ROWS);
      return jsonResponse(200, { data: ROWS[0] });
    });
    renderWithProviders(<DomainsListPage />, { route: '/domain-list' });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'https://b.example' });
    await user.click((await screen.findAllByRole('button', { name: 'Show details' }))[0]!);
    await user.click(await screen.findByRole('combobox', { name: 'Website tags' }));
    await user.click(await screen.findByRole('option', { name: 'News' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/domains/addTags/8')).toBe(true));
    const add = calls.find((c) => c.path === '/api/v1/domains/addTags/8');
    expect([add?.method, add?.url.searchParams.getAll('tags[]')]).toEqual(['POST', ['2']]);
  });
});
