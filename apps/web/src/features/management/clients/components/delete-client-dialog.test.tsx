import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '@/lib/api/testing/fetch-stub';
import { ACME, type Answer, cleanUp, renderPage } from './clients-page-test-kit';

const COUNTS = { users: 2, websites: 3, subscribers: 1234, drips: 7, audiences: 1, files: 0, messages: 56789 };
const IMPACT = `/api/v1/management/clients/${ACME.id}/deletion`;
const DELETION_ID = '6f1c9f9e-5a43-4e8a-9d5b-2f3c1a2b3c4d';
const deletion = (status: string, done: number, total: number) => ({
  id: DELETION_ID,
  client_id: ACME.id,
  client_name: ACME.name,
  status,
  progress: { done, total },
  counts: COUNTS,
  reason: null,
  created_at: '2026-11-28T10:00:00.000Z',
  finished_at: status === 'completed' ? '2026-11-28T10:01:00.000Z' : null,
});

function impact(over: Record<string, unknown> = {}) {
  return jsonResponse(200, {
    data: {
      client: { id: ACME.id, name: ACME.name, client_uid: ACME.client_uid },
      counts: COUNTS,
      blocked_by: null,
      running: null,
      ...over,
    },
  });
}

async function openDialog(u: ReturnType<typeof renderPage>['user']) {
  await u.click(await screen.findByRole('button', { name: `Delete client ${ACME.name}` }));
  return screen.findByRole('dialog', { name: 'Delete client' });
}

describe('Clients Management: Delete client', () => {
  afterEach(cleanUp);

  it('names what goes, asks for the name, then follows the job to its end', async () => {
    let polls = 0;
    const answer: Answer = (call) => {
      if (call.method === 'GET' && call.path === IMPACT) return impact();
      if (call.method === 'DELETE') return jsonResponse(202, { data: deletion('queued', 0, 0) });
      if (call.path === `/api/v1/management/client-deletions/${DELETION_ID}`) {
        polls += 1;
        return jsonResponse(200, { data: polls === 1 ? deletion('running', 3, 6) : deletion('completed', 6, 6) });
      }
      return undefined;
    };
    const { writes, user: u } = renderPage(answer);
    const dialog = await openDialog(u);
    // the client's name as text, and every count
    expect(await within(dialog).findByText('1,234 subscribers')).toBeInTheDocument();
    expect(within(dialog).getByText(ACME.name)).toBeInTheDocument();
    for (const line of ['2 users', '3 websites', '7 drips', '1 audience', '0 export files']) {
      expect(within(dialog).getByText(line)).toBeInTheDocument();
    }
    expect(within(dialog).getByText('56,789 messages of send history, and all statistics')).toBeInTheDocument();

    const button = within(dialog).getByRole('button', { name: 'Delete client' });
    expect(button).toBeDisabled();
    await u.type(within(dialog).getByLabelText(`Type ${ACME.name} to confirm`), 'Acme');
    expect(button).toBeDisabled();
    await u.type(within(dialog).getByLabelText(`Type ${ACME.name} to confirm`), ' <b>Shop</b>');
    expect(button).toBeEnabled();
    await u.click(button);

    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'DELETE', path: `/api/v1/management/clients/${ACME.id}` });
    expect(writes()[0]!.body).toEqual({ confirm_name: ACME.name });
    expect(await within(dialog).findByText('50% — 3 of 6 rows')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Deletion progress' })).toBeInTheDocument();
    expect(await screen.findByText(`Client ${ACME.name} has been deleted.`, {}, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete client' })).toBeNull());
  });

  it('a wrong name from the server goes under the field; a running copy stops it before it starts', async () => {
    let blocked: string | null = null;
    const { writes, user: u } = renderPage((call) => {
      if (call.method === 'GET' && call.path === IMPACT) return impact({ blocked_by: blocked });
      if (call.method === 'DELETE') {
        return jsonResponse(422, {
          message: "Type the client's name exactly to confirm.",
          errors: { confirm_name: ["Type the client's name exactly to confirm."] },
        });
      }
      return undefined;
    });
    let dialog = await openDialog(u);
    const field = await within(dialog).findByLabelText(`Type ${ACME.name} to confirm`);
    await u.type(field, ACME.name);
    await u.click(within(dialog).getByRole('button', { name: 'Delete client' }));
    expect(await within(dialog).findByText("Type the client's name exactly to confirm.")).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete client' })).toBeNull());

    blocked = 'A copy to or from this client is running: wait for it to finish, then delete the client.';
    dialog = await openDialog(u);
    expect(await within(dialog).findByText(blocked)).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText(`Type ${ACME.name} to confirm`), ACME.name);
    expect(within(dialog).getByRole('button', { name: 'Delete client' })).toBeDisabled();
    expect(writes()).toHaveLength(1);
  });

  it('shows a deletion already under way instead of asking again', async () => {
    const { writes, user: u } = renderPage((call) => {
      if (call.method === 'GET' && call.path === '/api/v1/management/clients') {
        return jsonResponse(200, {
          data: { data: [{ ...ACME, is_active: 0, deleting: true }], total: 1, page: 1, pageLength: 10 },
        });
      }
      if (call.method === 'GET' && call.path === IMPACT) return impact({ running: deletion('running', 1, 4) });
      if (call.path === `/api/v1/management/client-deletions/${DELETION_ID}`) {
        return jsonResponse(200, { data: deletion('running', 1, 4) });
      }
      return undefined;
    });
    expect(await screen.findByText('Deleting…')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: `Active: ${ACME.name}` })).toBeNull();
    const dialog = await openDialog(u);
    expect(await within(dialog).findByText('25% — 1 of 4 rows')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete client' })).toBeNull();
    expect(writes()).toHaveLength(0);
  });

  it('is not offered to a moder, who reads clients but may not change them', async () => {
    renderPage(undefined, 'moder');
    expect(await screen.findByText(ACME.name)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Delete client ${ACME.name}` })).toBeNull();
  });
});
