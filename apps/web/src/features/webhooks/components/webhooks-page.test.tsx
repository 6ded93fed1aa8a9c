import type { Webhook, WebhookAttempt } from '@pushdeck/contracts';
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
import { WebhooksPage } from './webhooks-page';

const SECRET = 'whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

const webhook = (id: number, over: Partial<Webhook> = {}): Webhook => ({
  id,
  website_id: 5,
  url: `https://hooks.example/${id}`,
  events: ['delivered', 'clicked'],
  is_active: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  last_attempt: null,
  ...over,
});

const attempt = (over: Partial<WebhookAttempt> = {}): WebhookAttempt => ({
  id: 1,
  delivery_id: 'd-1',
  event_id: 'e-1',
  event_type: 'test',
  attempt: 1,
  status_code: 200,
  error: null,
  duration_ms: 12,
  ok: true,
  created_at: '2026-01-02T10:00:00.000Z',
  ...over,
});

/** The webhooks calls over a small in-memory store (the network only). */
function network(
  initial: Webhook[],
  opts: { user?: ReturnType<typeof userWithRole>; override?: (c: StubbedCall) => Response | undefined } = {},
) {
  const rows = [...initial];
  const attempts: WebhookAttempt[] = [];
  const net = stubFetch((call) => {
    const answer = opts.override?.(call);
    if (answer) return answer;
    if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
    if (call.path === '/api/auth/user/info') return jsonResponse(200, { data: opts.user ?? userWithRole('client') });
    if (call.path === '/api/v1/domains/5/webhooks' && call.method === 'GET') return jsonResponse(200, { data: rows });
    if (call.path === '/api/v1/domains/5/webhooks' && call.method === 'POST') {
      const body = call.body as { url: string; events: Webhook['events']; is_active: number };
      if (body.url.startsWith('https://10.')) {
        return jsonResponse(422, { message: 'refused', errors: { url: ['This address is not allowed.'] } });
      }
      const row = webhook(100 + rows.length, body);
      rows.push(row);
      return jsonResponse(201, { data: { webhook: row, secret: SECRET } });
    }
    const one = /^\/api\/v1\/webhooks\/(\d+)(\/[a-z-]+)?$/.exec(call.path);
    const row = rows.find((r) => r.id === Number(one?.[1]));
    if (one && row) {
      if (one[2] === '/test') {
        const a = attempt({ id: attempts.length + 1 });
        attempts.unshift(a);
        row.last_attempt = a;
        return jsonResponse(200, { data: a });
      }
      if (one[2] === '/attempts') return jsonResponse(200, { data: attempts });
      if (one[2] === '/roll-secret') return jsonResponse(200, { data: { webhook: row, secret: `${SECRET}2` } });
      if (call.method === 'PUT') {
        Object.assign(row, call.body);
        return jsonResponse(200, { data: row });
      }
      if (call.method === 'DELETE') {
        rows.splice(rows.indexOf(row), 1);
        return jsonResponse(200, { message: 'Webhook deleted.' });
      }
    }
    return jsonResponse(404, { message: 'Webhook not found.' });
  });
  return { ...net, rows };
}

function renderPage(initial: Webhook[], opts: Parameters<typeof network>[1] = {}) {
  const net = network(initial, opts);
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/:id/webhooks" element={<WebhooksPage />} />
    </Routes>,
    { route: '/dashboard/5/webhooks', user: opts.user ?? userWithRole('client') },
  );
  return { ...net, user: userEvent.setup() };
}

describe('WebhooksPage', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('shows a loading state, then the empty state with Add webhook', async () => {
    renderPage([]);
    expect(screen.getByRole('progressbar', { name: 'Loading webhooks' })).toBeInTheDocument();
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add webhook' })).toBeEnabled();
  });

  it('adds a webhook and shows its secret once', async () => {
    const { user, calls } = renderPage([]);
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const form = await screen.findByRole('form', { name: 'Add webhook' });
    await user.type(within(form).getByRole('textbox', { name: /URL/ }), 'https://hooks.example/new');
    await user.click(within(form).getByRole('checkbox', { name: /^Clicked/ }));
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    const secret = await screen.findByLabelText('Secret');
    expect(secret).toHaveTextContent(SECRET);
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/v1/domains/5/webhooks');
    expect(post?.body).toEqual({ url: 'https://hooks.example/new', events: ['clicked'], is_active: 1 });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('article', { name: 'Webhook https://hooks.example/new' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Secret')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it("asks for at least one event and puts the server's 422 under the URL", async () => {
    const { user } = renderPage([]);
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const form = await screen.findByRole('form', { name: 'Add webhook' });
    await user.type(within(form).getByRole('textbox', { name: /URL/ }), 'https://10.0.0.1/hook');
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await within(form).findByText('Choose at least one event.')).toBeInTheDocument();
    await user.click(within(form).getByRole('checkbox', { name: /^Delivered/ }));
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await within(form).findByText('This address is not allowed.')).toBeInTheDocument();
  });

  it('sends a test event and lists the attempt; switches a webhook off', async () => {
    const { user, calls } = renderPage([webhook(1)]);
    const card = await screen.findByRole('article', { name: 'Webhook https://hooks.example/1' });
    expect(within(card).getByText('none yet')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Send test event' }));
    const table = await within(card).findByRole('table', { name: 'Last attempts of webhook 1' });
    expect(await within(table).findByText('200 OK')).toBeInTheDocument();
    expect(await screen.findByText('Test event delivered: 200 OK.')).toBeInTheDocument();
    await user.click(within(card).getByRole('switch', { name: 'Active' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.path === '/api/v1/webhooks/1')?.body).toEqual({ is_active: 0 }),
    );
  });

  it('says when the list cannot be loaded, and retries', async () => {
    let fail = true;
    const { user } = renderPage([webhook(1)], {
      override: (c) =>
        c.path === '/api/v1/domains/5/webhooks' && fail ? jsonResponse(500, { message: 'Boom.' }) : undefined,
    });
    expect(await screen.findByText('Boom.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Webhook https://hooks.example/1' })).toBeInTheDocument();
  });

  it('shows no write control to a user who may only read the website', async () => {
    const viewer = userWithRole('viewer');
    renderPage([webhook(1)], { user: viewer });
    const card = await screen.findByRole('article', { name: 'Webhook https://hooks.example/1' });
    for (const name of ['Send test event', 'Edit', 'Roll secret', 'Delete']) {
      expect(within(card).queryByRole('button', { name })).toBeNull();
    }
    expect(within(card).getByRole('switch', { name: 'Active' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add webhook' })).toBeNull();
  });
  it('edits a webhook in a prefilled dialog', async () => {
    const { user, calls } = renderPage([webhook(1)]);
    const card = await screen.findByRole('article', { name: 'Webhook https://hooks.example/1' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit webhook' });
    const url = within(form).getByRole('textbox', { name: /URL/ });
    expect(url).toHaveValue('https://hooks.example/1');
    expect(within(form).getByRole('checkbox', { name: /^Delivered/ })).toBeChecked();
    await user.clear(url);
    await user.type(url, 'https://hooks.example/changed');
    await user.click(within(form).getByRole('checkbox', { name: /^Deactivated/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByRole('article', { name: 'Webhook https://hooks.example/changed' });
    expect(calls.find((c) => c.method === 'PUT' && c.path === '/api/v1/webhooks/1')?.body).toEqual({
      url: 'https://hooks.example/changed',
      events: ['delivered', 'clicked', 'deactivated'],
      is_active: 1,
    });
  });

  it('rolls the secret after a confirmation and shows the new one once; deletes after a confirmation', async () => {
    const { user, calls } = renderPage([webhook(1)]);
    const card = await screen.findByRole('article', { name: 'Webhook https://hooks.example/1' });
    await user.click(within(card).getByRole('button', { name: 'Roll secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Roll the secret?' });
    await user.click(within(confirm).getByRole('button', { name: 'Roll secret' }));
    expect(await screen.findByLabelText('Secret')).toHaveTextContent(`${SECRET}2`);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByLabelText('Secret')).toBeNull());

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes!' }));
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/v1/webhooks/1')).toBe(true);
  });
});
