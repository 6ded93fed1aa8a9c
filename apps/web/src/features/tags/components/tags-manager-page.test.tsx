import type { RoleName } from '@pushdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
import { TagsManagerPage } from './tags-manager-page';

const TAGS = [
  { id: 1, name: 'Germany', type: 'geo' },
  { id: 2, name: 'France', type: 'geo' },
  { id: 3, name: 'Dating', type: 'adult' },
  { id: 4, name: 'News', type: 'category' },
  { id: 5, name: 'eu-1', type: 'server' },
];

function renderPage(
  answer?: (call: StubbedCall) => Response | Promise<Response> | undefined,
  role: RoleName = 'admin',
) {
  window.localStorage.setItem(AUTH_FLAG_KEY, '1');
  const network = stubFetch((call) => {
    if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
    if (call.path === '/api/auth/user/info') return jsonResponse(200, { data: userWithRole(role) });
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.method === 'GET' && call.path === '/api/v1/tags') return jsonResponse(200, { data: TAGS });
    return jsonResponse(200, { data: {} });
  });
  renderWithProviders(<TagsManagerPage />, { route: '/tags-manager' });
  const writes = () => network.calls.filter((c) => c.method !== 'GET');
  return { ...network, writes, user: userEvent.setup() };
}

const card = (name: string) => screen.getByRole('region', { name });

describe('TagsManagerPage', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('lists the tags in the four cards by type', async () => {
    renderPage();
    expect(await screen.findByRole('button', { name: 'Germany' })).toBeInTheDocument();
    expect(within(card('GEO Tags')).getByRole('button', { name: 'Germany' })).toBeInTheDocument();
    expect(within(card('Vertical tags')).getByRole('button', { name: 'Dating' })).toBeInTheDocument();
    expect(within(card('Category tags')).getByRole('button', { name: 'News' })).toBeInTheDocument();
    expect(within(card('Server tags')).getByRole('button', { name: 'eu-1' })).toBeInTheDocument();
    // the edit actions come with the user's permissions (GET /auth/user/info, answered apart from the list)
    expect(await within(card('GEO Tags')).findByRole('button', { name: 'Edit Germany' })).toBeInTheDocument();
    expect(within(card('GEO Tags')).getByRole('button', { name: 'Delete Germany' })).toBeInTheDocument();
  });

  it("lets a client change its own tags only: the staff's shared ones are marked and have no edit or delete", async () => {
    const own = { id: 9, name: 'Spring sale', type: 'category', client_id: 1 };
    renderPage((call) => {
      if (call.method === 'GET' && call.path === '/api/v1/tags') {
        return jsonResponse(200, { data: [...TAGS.map((t) => ({ ...t, client_id: null })), own] });
      }
      return undefined;
    }, 'client');
    const category = await screen.findByRole('region', { name: 'Category tags' });
    expect(await within(category).findByRole('button', { name: 'Edit Spring sale' })).toBeInTheDocument();
    expect(within(category).getByRole('button', { name: 'Delete Spring sale' })).toBeInTheDocument();
    expect(within(category).queryByRole('button', { name: 'Edit News' })).toBeNull();
    expect(within(category).queryByRole('button', { name: 'Delete News' })).toBeNull();
    expect(within(category).getByLabelText('News is shared')).toBeInTheDocument();
    expect(within(category).getByRole('button', { name: 'Add tag' })).toBeInTheDocument();
    expect(screen.getByText(/Tags you add are your own/)).toBeInTheDocument();
  });

  it('puts a clicked chip name into the search and filters the cards', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Germany' }));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('Germany');
    expect(within(card('GEO Tags')).queryByRole('button', { name: 'France' })).toBeNull();
    expect(within(card('Category tags')).getByText('No tags match the search.')).toBeInTheDocument();
  });

  it("shows 'Required.' under the empty name and 'Fill the required fields out!', with no call", async () => {
    const { writes, user } = renderPage();
    await screen.findByRole('button', { name: 'Germany' });
    await user.click(within(card('Server tags')).getByRole('button', { name: 'Add tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create tag' });
    expect(within(dialog).getByDisplayValue('Server')).toBeInTheDocument(); // the card's type is preselected
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Required.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Tag Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Fill the required fields out!')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it('creates a tag with name and type as query params and closes the popup 2 s later', async () => {
    const { writes, user } = renderPage();
    await user.click(
      within(await screen.findByRole('region', { name: 'GEO Tags' })).getByRole('button', { name: 'Add tag' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Create tag' });
    await user.type(within(dialog).getByLabelText(/Tag Name/), 'Spain');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Successfully!')).toBeInTheDocument();
    expect(
      writes().map((c) => [c.method, c.path, c.url.searchParams.get('name'), c.url.searchParams.get('type')]),
    ).toEqual([['POST', '/api/v1/tags', 'Spain', 'geo']]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create tag' })).toBeNull(), { timeout: 3000 });
  });

  it('shows the server error as the module error text', async () => {
    const uninstall = setSessionExpiredHandler(() => undefined);
    const { user } = renderPage((call) =>
      call.method === 'PUT'
        ? jsonResponse(422, { message: 'This tag already exists.', errors: { name: ['This tag already exists.'] } })
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Edit France' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update tag' });
    const name = within(dialog).getByLabelText(/Tag Name/);
    await user.clear(name);
    await user.type(name, 'Germany');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This tag already exists.');
    uninstall();
  });

  it("deletes only after confirmation: 'Deleted!' / 'Tag has been deleted!'", async () => {
    const { writes, user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete News' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText('You will delete this tag.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete it!' }));
    const result = await screen.findByRole('dialog', { name: 'Deleted!' });
    expect(within(result).getByText('Tag has been deleted!')).toBeInTheDocument();
    expect(writes().map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /api/v1/tags/4']);
  });

  it("keeps the tag on cancel: 'Cancelled!' / 'Tag is in the safe :)'", async () => {
    const { writes, user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete News' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    const result = await screen.findByRole('dialog', { name: 'Cancelled!' });
    expect(within(result).getByText('Tag is in the safe :)')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it('holds the four cards in place with grey chip rows while the tags load, no spinner', async () => {
    renderPage((call) => (call.path === '/api/v1/tags' ? new Promise<Response>(() => {}) : undefined));
    expect(await screen.findByText('Loading tags…')).toBeInTheDocument();
    expect(screen.getAllByRole('progressbar')).toHaveLength(4);
    expect(document.querySelector('.mantine-Loader-root')).toBeNull();
  });

  it('shows a failed list with a Retry that asks again', async () => {
    let failing = true;
    const { calls } = renderPage((call) =>
      failing && call.path === '/api/v1/tags' ? jsonResponse(500, { message: 'Tags are down.' }) : undefined,
    );
    // (a snackbar of an earlier test may still be up: the panel's alert is the one with the message)
    const alert = (await screen.findByText('Tags are down.')).closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('the message is not in an alert');
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Germany')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/v1/tags')).toHaveLength(2);
  });
});
