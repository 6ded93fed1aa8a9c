import type { RoleName } from '@pushdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import {
  clearXsrfCookie,
  csrfCookieResponse,
  jsonResponse,
  type StubbedCall,
  stubFetch,
} from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { DripManagerPage, type InlineEditorProps } from './drip-manager-page';

const NOW = '2026-01-01T00:00:00.000Z';
const drip = (id: number, domainId: number, title: string, isActive = 1) => ({
  id,
  domain_id: domainId,
  type: 'recurring',
  title,
  body: 'Body',
  url: 'https://shop.acme.test/',
  is_active: isActive,
  created_at: NOW,
  updated_at: NOW,
});
const ROWS = [drip(11, 3, 'Daily <deals>'), drip(12, 4, 'Weekly news', 0)];
const DOMAINS = [
  { id: 3, url: 'https://shop.acme.test', domain_tags: [] },
  { id: 4, url: 'https://blog.acme.test', domain_tags: [] },
];

function setup(route = '/drip-tools', total = 2, rows: Record<string, unknown>[] = ROWS, role: RoleName = 'client') {
  const network = stubFetch((call: StubbedCall) => {
    if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
    if (call.path === '/api/v1/domains/get') return jsonResponse(200, { data: DOMAINS });
    if (call.path.endsWith('/get') && call.url.searchParams.get('paginate') === 'true')
      return jsonResponse(200, { data: { data: rows, total, page: 1, pageLength: 10 } });
    if (call.path === '/api/v1/drips/recurring/get') return jsonResponse(200, { data: ROWS });
    if (call.path === '/api/v1/files/generateUnitFile')
      return jsonResponse(202, {
        data: { path: '/files/messages_list_x.csv', basename: 'messages_list_x.csv', status: 'in_progress' },
      });
    return jsonResponse(200, { data: { ids: [] } });
  });
  const edited: InlineEditorProps[] = [];
  renderWithProviders(
    <Routes>
      <Route
        path="/drip-tools"
        element={
          <DripManagerPage
            renderEditor={(props) => {
              edited.push(props);
              return (
                <button type="button" onClick={props.onSaved}>
                  Editor of {props.drip.title} on {props.domainUrl}
                </button>
              );
            }}
          />
        }
      />
    </Routes>,
    { route, user: userWithRole(role) },
  );
  const pages = () =>
    network.calls.filter((c) => c.url.searchParams.get('paginate') === 'true').map((c) => c.url.searchParams);
  const writes = () => network.calls.filter((c) => c.method !== 'GET');
  return { ...network, pages, writes, edited, user: userEvent.setup({ delay: null }) };
}

const table = () => screen.getByRole('table', { name: 'Messages' });

describe('DripManagerPage', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('lists the recurring drips with the spec columns, newest first, user text as text', {
    timeout: 30_000,
  }, async () => {
    const { pages } = setup();
    expect(screen.getByText('Loading Recurring Notifications ...')).toBeInTheDocument();
    expect(await within(table()).findByText('Daily <deals>')).toBeInTheDocument();
    const heads = within(table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    for (const name of ['Domain Id', 'Message Id', 'Title', 'Created at', 'Type', 'Status', 'Actions'])
      expect(heads.some((h) => h?.includes(name))).toBe(true);
    expect(within(table()).getByText('Inactive')).toBeInTheDocument();
    expect(Object.fromEntries(pages()[0]!)).toMatchObject({
      'with[schedules.audiences]': '*',
      order_by: 'created_at:desc',
      page: '1',
      pageLength: '10',
    });
  });

  it('filters by status, website and type through the URL', { timeout: 30_000 }, async () => {
    const { pages, calls, user } = setup('/drip-tools?status=1&domain=3&page=2');
    await within(table()).findByText('Daily <deals>');
    expect(pages()[0]!.get('where[is_active]')).toBe('1');
    expect(pages()[0]!.get('where[domain_id]')).toBe('3');
    expect(pages()[0]!.get('page')).toBe('2');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Welcome' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/drips/welcome/get')).toBe(true));
    const welcome = calls.find((c) => c.path === '/api/v1/drips/welcome/get')!.url.searchParams;
    expect(welcome.get('page')).toBe('1');
    expect(welcome.get('pageLength')).toBe('10');
  });

  it('expands a row to the inline editor and reloads after a save', { timeout: 30_000 }, async () => {
    const { pages, edited, user } = setup();
    await within(table()).findByText('Daily <deals>');
    const [expand] = within(table()).getAllByRole('button', { name: /details/i });
    await user.click(expand!);
    const editor = await screen.findByRole('button', { name: 'Editor of Daily <deals> on https://shop.acme.test' });
    expect(edited.at(-1)).toMatchObject({ type: 'recurring', domainId: 3 });
    const before = pages().length;
    await user.click(editor);
    await waitFor(() => expect(pages().length).toBeGreaterThan(before));
  });

  it("deletes a drip after 'Are you sure?', and not on Cancel", { timeout: 30_000 }, async () => {
    const { writes, user } = setup();
    await within(table()).findByText('Daily <deals>');
    await user.click(within(table()).getByRole('button', { name: 'Delete Daily <deals>' }));
    expect(await screen.findByText('Are you sure?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Are you sure?')).not.toBeInTheDocument());
    expect(writes()).toHaveLength(0);
    await user.click(within(table()).getByRole('button', { name: 'Delete Daily <deals>' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes().map((c) => [c.method, c.path])).toEqual([['DELETE', '/api/v1/drips/11']]));
  });

  it('goes back a page when a delete empties the page', { timeout: 30_000 }, async () => {
    const { pages, user } = setup('/drip-tools?page=2', 11, [ROWS[0]!]);
    await within(table()).findByText('Daily <deals>');
    await user.click(within(table()).getByRole('button', { name: 'Delete Daily <deals>' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(pages().at(-1)!.get('page')).toBe('1'));
  });

  it('selects every drip across pages and deletes them per website with deleteArray', { timeout: 30_000 }, async () => {
    const { writes, user } = setup('/drip-tools', 30);
    await within(table()).findByText('Daily <deals>');
    await user.click(within(table()).getAllByRole('checkbox')[0]!);
    await user.click(screen.getByRole('button', { name: 'Select all 30' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected (30)' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    const forms = writes().map((c) => {
      const body = c.body as FormData;
      return [c.path, body.get('domain_id'), body.get('ids')];
    });
    expect(forms).toEqual([
      ['/api/v1/drips/deleteArray', '3', '11'],
      ['/api/v1/drips/deleteArray', '4', '12'],
    ]);
  });

  it('starts the server export (messages_list) of the filters for the table and for everything', {
    timeout: 30_000,
  }, async () => {
    const { calls, user } = setup();
    await within(table()).findByText('Daily <deals>');
    await user.click(screen.getByRole('button', { name: 'Download table' }));
    expect(await screen.findByText('It can take up to 15 minutes.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download all' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/v1/files/generateUnitFile')).toHaveLength(2));
    const exports = calls.filter((c) => c.path === '/api/v1/files/generateUnitFile');
    expect(exports.map((c) => c.url.searchParams.get('type'))).toEqual(['messages_list', 'messages_list']);
    expect(exports.map((c) => (c.body as { type?: string; query: Record<string, string> }).type)).toEqual([
      'recurring',
      'recurring',
    ]);
    expect((exports[1]!.body as { type?: string; query: Record<string, string> }).query.order_by).toBe(
      'created_at:desc',
    );
    expect(exports[0]!.headers.get('x-xsrf-token')).toBeTruthy();
  });

  it('shows a read-only account (role viewer) the drips and their figures, and no control that writes or exports', {
    timeout: 30_000,
  }, async () => {
    const withStats = [
      { ...ROWS[0]!, stats: { sent: 12_345, delivered: 12_000, clicked: 600, push_ctr: 5 } },
      ROWS[1]!,
    ];
    const { pages, writes } = setup('/drip-tools', 2, withStats, 'viewer');
    const rows = await within(await screen.findByRole('table', { name: 'Messages' })).findAllByRole('row');
    const head = within(rows[0]!);
    for (const column of ['Sent', 'Delivered', 'Clicked', 'CTR']) expect(head.getByText(column)).toBeInTheDocument();
    expect(head.queryByText('Actions')).not.toBeInTheDocument();
    const first = within(screen.getByText('Daily <deals>').closest('tr')!);
    expect(first.getByText('12,345')).toBeInTheDocument();
    expect(first.getByText('600')).toBeInTheDocument();
    expect(pages()[0]!.get('with[stats]')).toBe('*');
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show details' })).not.toBeInTheDocument();
    expect(writes()).toEqual([]);
  });
});
