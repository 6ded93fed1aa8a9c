import type { ApiKey, RoleName } from '@pushdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { setSelectedClientUid, setSessionExpiredHandler, setStaffActor } from '@/lib/api';
import {
  clearXsrfCookie,
  csrfCookieResponse,
  jsonResponse,
  type StubbedCall,
  stubFetch,
} from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { ApiKeysPage } from './api-keys-page';

const base = {
  client_id: 1,
  client_name: 'Acme',
  created_by_email: 'owner@acme.test',
  last_used_at: null,
  last_used_ip: null,
  revoked_at: null,
} as const;

const REVOKED: ApiKey = {
  ...base,
  id: 3,
  name: 'Old CMS',
  prefix: 'pdk_Zz9Yy8Xx',
  scopes: ['stats'],
  website_ids: null,
  created_at: '2026-01-02T08:00:00.000Z',
  revoked_at: '2026-02-01T08:00:00.000Z',
};
const SHOP: ApiKey = {
  ...base,
  id: 1,
  name: 'Shop orders',
  prefix: 'pdk_3fA9x1Ab',
  scopes: ['send', 'stats'],
  website_ids: null,
  created_at: '2026-03-04T10:20:00.000Z',
  last_used_at: '2026-03-05T11:00:00.000Z',
  last_used_ip: '203.0.113.7',
};
const NEWS: ApiKey = {
  ...base,
  id: 2,
  name: 'Newsroom',
  prefix: 'pdk_Qq7Ww6Ee',
  scopes: ['subscribers'],
  website_ids: [11, 12],
  created_at: '2026-03-06T10:20:00.000Z',
};
const WEBSITES = [
  { id: 11, url: 'https://shop.acme.test' },
  { id: 12, url: 'https://news.acme.test' },
];
const NEW_KEY = `pdk_${'N'.repeat(43)}`;

/** The server's order: live keys first, newest first. */
function serverOrder(keys: ApiKey[]): ApiKey[] {
  return [...keys].sort(
    (a, b) => Number(a.revoked_at !== null) - Number(b.revoked_at !== null) || b.created_at.localeCompare(a.created_at),
  );
}

type Answer = (call: StubbedCall) => Response | Promise<Response> | undefined;

function renderPage({
  role = 'client',
  keys = [REVOKED, SHOP, NEWS],
  answer,
}: {
  role?: RoleName;
  keys?: ApiKey[];
  answer?: Answer;
} = {}) {
  let list = keys;
  const network = stubFetch((call) => {
    if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.method === 'GET' && call.path === '/api/v1/api-keys')
      return jsonResponse(200, { data: serverOrder(list) });
    if (call.method === 'GET' && call.path === '/api/v1/domains') return jsonResponse(200, { data: WEBSITES });
    if (call.method === 'GET' && call.path === '/api/v1/management/clients') {
      return jsonResponse(200, {
        data: [
          { id: 1, client_uid: 'c-1', name: 'Acme', is_active: 1 },
          { id: 2, client_uid: 'c-2', name: 'Globex', is_active: 1 },
        ],
      });
    }
    if (call.method === 'POST' && call.path === '/api/v1/api-keys') {
      const body = call.body as { name: string; scopes: ApiKey['scopes']; website_ids: number[] | null };
      const created: ApiKey = {
        ...base,
        id: 9,
        name: body.name,
        prefix: NEW_KEY.slice(0, 12),
        scopes: body.scopes,
        website_ids: body.website_ids,
        created_at: '2026-03-07T09:00:00.000Z',
      };
      list = [created, ...list];
      return jsonResponse(201, { data: { ...created, key: NEW_KEY } });
    }
    if (call.method === 'DELETE') {
      const id = Number(call.path.split('/').pop());
      list = list.map((k) => (k.id === id ? { ...k, revoked_at: '2026-03-08T09:00:00.000Z' } : k));
      return jsonResponse(204);
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  const view = renderWithProviders(<ApiKeysPage />, { route: '/api-keys', user: userWithRole(role) });
  const writes = () => network.calls.filter((c) => c.method !== 'GET');
  return { ...network, ...view, writes, user: userEvent.setup() };
}

const table = () => screen.findByRole('table', { name: 'API keys' });
/** The table's rows as their cells' text, header first. */
function rowsText(el: HTMLElement): string[][] {
  return within(el)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent?.trim() ?? ''));
}
const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Create key' }));
  return screen.findByRole('dialog', { name: 'Create API key' });
}

describe('ApiKeysPage', () => {
  afterEach(() => {
    clearXsrfCookie();
    setStaffActor(false);
    setSelectedClientUid(null);
    vi.unstubAllGlobals();
  });

  it('lists the keys: prefix, scopes, websites by name, who created them, last use, live first and revoked greyed', async () => {
    renderPage();
    const rows = rowsText(await table());
    expect(rows[0]).toEqual(['Name', 'Prefix', 'Scopes', 'Websites', 'Created', 'Last used', 'Status', 'Actions']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Newsroom', 'Shop orders', 'Old CMS']);
    const shop = rowOf('Shop orders');
    expect(within(shop).getByText('pdk_3fA9x1Ab…').tagName).toBe('CODE');
    expect(within(shop).getByText('Send notifications')).toBeInTheDocument();
    expect(within(shop).getByText('Read statistics')).toBeInTheDocument();
    expect(within(shop).getByText('All websites')).toBeInTheDocument();
    expect(within(shop).getByText('by owner@acme.test')).toBeInTheDocument();
    expect(within(shop).getByText('from 203.0.113.7')).toBeInTheDocument();
    expect(within(shop).getByText('Active')).toBeInTheDocument();
    const news = rowOf('Newsroom');
    expect(await within(news).findByText('https://shop.acme.test, https://news.acme.test')).toBeInTheDocument();
    expect(within(news).getByText('Manage subscribers')).toBeInTheDocument();
    expect(within(news).getByText('Never')).toBeInTheDocument();
    const old = rowOf('Old CMS');
    expect(old).toHaveAttribute('data-revoked', 'true');
    expect(within(old).getByText('Revoked')).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(within(shop).getByRole('button', { name: 'Revoke Shop orders' })).toBeInTheDocument();
    // a client sees its own keys: no Client column, no client picker
    expect(screen.queryByRole('columnheader', { name: 'Client' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Client whose keys to manage' })).toBeNull();
  });

  it('shows a skeleton while the keys load', async () => {
    renderPage({ answer: (call) => (call.path === '/api/v1/api-keys' ? new Promise<Response>(() => {}) : undefined) });
    expect(await screen.findByRole('progressbar', { name: 'Loading API keys' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'API keys' })).toBeNull();
  });

  it('explains what a key is for when there is none, and offers Create key', async () => {
    const { user } = renderPage({ keys: [] });
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    expect(screen.getByText(/Create a key for each back end/)).toBeInTheDocument();
    expect(await openCreate(user)).toBeInTheDocument();
  });

  it('says the list failed with a Retry that asks again', async () => {
    const uninstall = setSessionExpiredHandler(() => undefined);
    let fail = true;
    const { user } = renderPage({
      answer: (call) =>
        call.path === '/api/v1/api-keys' && fail ? jsonResponse(500, { message: 'Server Error' }) : undefined,
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Server Error');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await table()).toBeInTheDocument();
    uninstall();
  });

  it('creates a key for every website and shows it once, with Copy and a curl example; the list then holds it', async () => {
    const { user, writes, queryClient } = renderPage();
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Order mails');
    await user.click(within(dialog).getByRole('checkbox', { name: /Send notifications/ }));
    expect(within(dialog).getByRole('radio', { name: /All websites/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(writes().map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/v1/api-keys', { name: 'Order mails', scopes: ['send'], website_ids: null }],
    ]);
    const field = within(shown).getByRole('textbox', { name: 'API key “Order mails”' });
    expect(field).toHaveValue(NEW_KEY);
    expect(field).toHaveAttribute('readonly');
    expect(within(shown).getByText(/it will not be shown again/)).toBeInTheDocument();
    expect(
      within(shown).getByText(`curl -H "Authorization: Bearer ${NEW_KEY}" ${window.location.origin}/api/server/v1/key`),
    ).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await within(shown).findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(NEW_KEY);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('cell', { name: 'Order mails' })).toBeInTheDocument();
    // the key itself is nowhere on the page any more
    expect(screen.queryByDisplayValue(NEW_KEY)).toBeNull();
    expect(screen.queryByText(new RegExp(NEW_KEY))).toBeNull();
    // nor kept in memory: no query holds it, and the create call's answer leaves the mutation cache
    const held = () =>
      JSON.stringify([
        queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.state.data),
        queryClient
          .getMutationCache()
          .getAll()
          .map((m) => m.state.data),
      ]);
    await waitFor(() => expect(held()).not.toContain(NEW_KEY));
  });

  it('asks for a name and a scope, and for a website when only some are chosen, before any call', async () => {
    const { user, writes } = renderPage();
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Name the key.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one scope.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Shop');
    await user.click(within(dialog).getByRole('checkbox', { name: /Read statistics/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Only some websites' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Pick at least one website, or choose All websites.')).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: "The key's websites" }));
    await user.click(await screen.findByRole('option', { name: 'https://news.acme.test' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(writes().map((c) => c.body)).toEqual([{ name: 'Shop', scopes: ['stats'], website_ids: [12] }]);
  });

  it("puts the server's 422 under its field", async () => {
    const { user } = renderPage({
      answer: (call) =>
        call.method === 'POST'
          ? jsonResponse(422, {
              message: 'A client holds at most 50 keys: revoke one first.',
              errors: { name: ['A client holds at most 50 keys: revoke one first.'] },
            })
          : undefined,
    });
    const dialog = await openCreate(user);
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.type(name, 'One too many');
    await user.click(within(dialog).getByRole('checkbox', { name: /Send notifications/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('A client holds at most 50 keys: revoke one first.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog', { name: 'Your new API key' })).toBeNull();
  });

  it('revokes a key after an "Are you sure?" naming it; a cancel changes nothing', async () => {
    const { user, writes } = renderPage();
    await table();
    await user.click(screen.getByRole('button', { name: 'Revoke Shop orders' }));
    let confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent(
      'The key “Shop orders” (pdk_3fA9x1Ab…) will be revoked: its next call will be refused',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull());
    expect(writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke Shop orders' }));
    confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The key “Shop orders” is revoked.')).toBeInTheDocument();
    expect(writes().map((c) => [c.method, c.path])).toEqual([['DELETE', '/api/v1/api-keys/1']]);
    await waitFor(() => expect(within(rowOf('Shop orders')).getByText('Revoked')).toBeInTheDocument());
    expect(within(rowOf('Shop orders')).queryByRole('button', { name: /Revoke/ })).toBeNull();
    // revoked keys go after the live ones
    const names = rowsText(screen.getByRole('table', { name: 'API keys' }))
      .slice(1)
      .map((r) => r[0]);
    expect(names).toEqual(['Newsroom', 'Shop orders', 'Old CMS']);
  });

  it('offers a user without apiKeys.manage (a viewer) no Create key and no Revoke', async () => {
    renderPage({ role: 'viewer' });
    await table();
    expect(screen.getByRole('cell', { name: 'Shop orders' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create key' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it("shows staff with no client picked every client's keys with a Client column; Create asks for the client first", async () => {
    setStaffActor(true);
    const { user, writes, calls } = renderPage({
      role: 'admin',
      keys: [SHOP, { ...NEWS, client_id: 2, client_name: 'Globex', website_ids: null }],
    });
    const rows = rowsText(await table());
    expect(rows[0]?.[1]).toBe('Client');
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([
      ['Newsroom', 'Globex'],
      ['Shop orders', 'Acme'],
    ]);
    expect(calls.find((c) => c.path === '/api/v1/api-keys')?.headers.get('client')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    expect(within(dialog).getByText(/Pick the client whose key this is first/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Create key' })).toBeNull();
    expect(writes()).toEqual([]);

    // picking the client there: the form, and the page now shows that client's keys (the `client` header)
    await user.click(within(dialog).getByRole('combobox', { name: 'Client whose keys to manage' }));
    await user.click(await screen.findByRole('option', { name: 'Acme' }));
    expect(await within(dialog).findByRole('textbox', { name: /Name/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/v1/api-keys')
          .at(-1)
          ?.headers.get('client'),
      ).toBe('c-1'),
    );
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Client' })).toBeNull());
  });
});
