import type { AuditEntry } from '@pushdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { jsonResponse, type StubbedCall, stubFetch } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { AuditPage } from './audit-page';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  actor_id: 3,
  actor_email: 'moder@pushdeck.test',
  impersonator_id: null,
  action: 'impersonation.start',
  subject_type: 'user',
  subject_id: 9,
  client_id: 2,
  before: null,
  after: { user_id: 9, email: 'user@pushdeck.test' },
  ip: '10.0.0.7',
  created_at: '2026-11-25T10:00:00.000Z',
  ...over,
});

const ROWS: AuditEntry[] = [
  entry({
    id: 3,
    actor_id: 9,
    actor_email: 'user@pushdeck.test',
    impersonator_id: 3,
    action: 'impersonation.end',
    before: { user_id: 9, email: 'user@pushdeck.test' },
    after: null,
    created_at: '2026-11-25T10:05:00.000Z',
  }),
  entry({ id: 2 }),
  entry({
    id: 1,
    actor_id: 1,
    actor_email: 'admin@pushdeck.test',
    action: 'client.update',
    subject_type: 'client',
    subject_id: 2,
    before: { name: '<img src=x onerror=alert(1)>', is_active: 1 },
    after: { name: '<img src=x onerror=alert(1)>', is_active: 0 },
  }),
];

function Where() {
  const location = useLocation();
  return <p data-testid="search">{location.search}</p>;
}

function answer(call: StubbedCall, rows: AuditEntry[]) {
  const q = call.url.searchParams;
  const matching = rows.filter(
    (row) =>
      (!q.get('where[actor_email]') || row.actor_email === q.get('where[actor_email]')) &&
      (!q.get('where[action]') || row.action === q.get('where[action]')),
  );
  const page = Number(q.get('page') ?? 1);
  const pageLength = Number(q.get('pageLength') ?? 50);
  return jsonResponse(200, {
    data: {
      data: matching.slice((page - 1) * pageLength, page * pageLength),
      total: matching.length,
      page,
      pageLength,
    },
  });
}

function renderPage(
  respond: (call: StubbedCall) => Response = (call) => answer(call, ROWS),
  route = '/management/audit',
) {
  const network = stubFetch((call) => {
    if (call.path === '/api/v1/management/audit') return respond(call);
    return jsonResponse(404, { message: 'Not found.' });
  });
  renderWithProviders(
    <>
      <AuditPage />
      <Where />
    </>,
    { route, user: userWithRole('admin') },
  );
  return { ...network, user: userEvent.setup() };
}

const auditCalls = (calls: StubbedCall[]) => calls.filter((c) => c.path === '/api/v1/management/audit');

describe('AuditPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('lists the entries newest first with who, acting as whom, what, before → after, when and the IP', async () => {
    const { calls } = renderPage();
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    await within(table).findByText('Impersonation ended');
    const rows = within(table).getAllByRole('row');
    // header + three entries
    expect(rows).toHaveLength(4);
    const end = rows[1]!;
    expect(within(end).getByText('Impersonation ended')).toBeInTheDocument();
    expect(within(end).getByText('Impersonated by staff user #3')).toBeInTheDocument();
    expect(within(end).getByText(dayjs('2026-11-25T10:05:00.000Z').format('YYYY-MM-DD HH:mm:ss'))).toBeInTheDocument();
    expect(within(end).getByText('10.0.0.7')).toBeInTheDocument();
    expect(end).toHaveTextContent('email: user@pushdeck.test → (removed)');
    const start = rows[2]!;
    expect(within(start).getByText('Impersonation started')).toBeInTheDocument();
    expect(within(start).getByRole('button', { name: 'Only entries by moder@pushdeck.test' })).toBeInTheDocument();
    expect(start).toHaveTextContent('email: user@pushdeck.test');
    expect(start).toHaveTextContent('user #9');
    const update = rows[3]!;
    expect(update).toHaveTextContent('is_active: 1 → 0');
    // unchanged fields are left out; user text would be text anyway
    expect(update).not.toHaveTextContent('name:');
    expect(auditCalls(calls)[0]!.url.searchParams.get('pageLength')).toBe('25');
    expect(auditCalls(calls)[0]!.url.searchParams.get('page')).toBe('1');
  });

  it('shows user text as text, never as markup', async () => {
    renderPage((call) =>
      answer(call, [
        entry({ id: 5, action: 'client.create', before: null, after: { name: '<b>bold</b><img src=x>' } }),
      ]),
    );
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    expect(await within(table).findByText('<b>bold</b><img src=x>')).toBeInTheDocument();
    expect(table.querySelector('img')).toBeNull();
    expect(table.querySelector('b')).toBeNull();
  });

  it('filters by action, actor and dates through the URL, back to page 1, and clears them', async () => {
    const { calls, user } = renderPage(undefined, '/management/audit?page=2');
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    await waitFor(() => expect(auditCalls(calls)).toHaveLength(1));
    expect(auditCalls(calls)[0]!.url.searchParams.get('page')).toBe('2');

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Impersonation started' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?action=impersonation.start'));
    await waitFor(() =>
      expect(auditCalls(calls).at(-1)!.url.searchParams.get('where[action]')).toBe('impersonation.start'),
    );
    expect(auditCalls(calls).at(-1)!.url.searchParams.get('page')).toBe('1');

    await user.type(screen.getByRole('textbox', { name: 'Actor' }), 'moder@pushdeck.test');
    await waitFor(() =>
      expect(auditCalls(calls).at(-1)!.url.searchParams.get('where[actor_email]')).toBe('moder@pushdeck.test'),
    );
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent(/^$/));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(screen.getByRole('textbox', { name: 'Actor' })).toHaveValue('');
  });

  it('sends the date range from the URL as times, the last day included', async () => {
    const { calls } = renderPage(undefined, '/management/audit?from=2026-11-20&to=2026-11-25');
    await screen.findByRole('table', { name: 'Audit entries' });
    const params = auditCalls(calls)[0]!.url.searchParams;
    expect(params.get('from')).toBe(dayjs('2026-11-20').toDate().toISOString());
    expect(params.get('to')).toBe(dayjs('2026-11-26').toDate().toISOString());
    expect(screen.getByRole('button', { name: 'Clear dates' })).toBeInTheDocument();
  });

  it('filters to one actor from the table with the keyboard', async () => {
    const { calls, user } = renderPage();
    const button = await screen.findByRole('button', { name: 'Only entries by admin@pushdeck.test' });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(auditCalls(calls).at(-1)!.url.searchParams.get('where[actor_email]')).toBe('admin@pushdeck.test'),
    );
    expect(screen.getByRole('textbox', { name: 'Actor' })).toHaveValue('admin@pushdeck.test');
  });

  it('pages on the server', async () => {
    const many = Array.from({ length: 30 }, (_, i) => entry({ id: 100 - i }));
    const { calls, user } = renderPage((call) => answer(call, many));
    await screen.findByText('1–25 of 30');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('26–30 of 30');
    expect(auditCalls(calls).at(-1)!.url.searchParams.get('page')).toBe('2');
  });

  it('says when nothing matches the filters', async () => {
    renderPage((call) => answer(call, []), '/management/audit?action=role.delete');
    expect(await screen.findByText('No entry matches these filters.')).toBeInTheDocument();
  });

  it('shows the server error', async () => {
    renderPage(() => jsonResponse(403, { message: 'This action is unauthorized.' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The audit trail could not be loaded');
    expect(alert).toHaveTextContent('This action is unauthorized.');
  });
});
