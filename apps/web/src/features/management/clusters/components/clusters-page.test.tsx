import type { Cluster } from '@pushdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { jsonResponse, type StubbedCall, stubFetch } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { ClustersPage } from './clusters-page';

const config = {
  driver: 'pgsql',
  host: 'db.internal',
  port: 5432,
  database: 'push',
  username: 'pd',
  password_set: true,
};
const CLUSTER: Cluster = {
  id: 7,
  cluster_uid: 'c0ffee',
  cluster_name: 'EU main',
  is_active: 1,
  default: 1,
  db_entities_master: config,
  db_subs: [{ id: 70, cluster_id: 7, name: 'eu-0', region: 'eu', shard_number: 0, is_active: 1, config }],
  clients: [{ id: 1, client_uid: 'acme', name: 'Acme Shop' }],
};

function renderPage(respond: (call: StubbedCall) => Response | undefined = () => undefined) {
  const network = stubFetch((call) => {
    const answer = respond(call);
    if (answer) return answer;
    if (call.path === '/api/v1/management/clusters' && call.method === 'GET') {
      return jsonResponse(200, { data: [CLUSTER] });
    }
    if (call.path === '/api/v1/management/clients') return jsonResponse(200, { data: [{ id: 1, name: 'Acme Shop' }] });
    return jsonResponse(404, { message: 'Not found.' });
  });
  renderWithProviders(<ClustersPage />, { route: '/management/clusters', user: userWithRole('admin') });
  return { ...network, user: userEvent.setup() };
}

describe('ClustersPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists clusters with their db subs; Test shows what the server found, with the stored password', async () => {
    const { calls, user } = renderPage((call) => {
      if (call.path !== '/api/v1/management/clusters/test') return undefined;
      const body = call.body as { cluster_id?: number; db_sub_id?: number };
      return body.cluster_id
        ? jsonResponse(200, {
            data: {
              reachable: true,
              version: '17.2',
              latency_ms: 4.2,
              error: null,
              checked_at: '2026-11-26T00:00:00Z',
            },
          })
        : jsonResponse(200, {
            data: {
              reachable: false,
              version: null,
              latency_ms: null,
              error: 'connect ECONNREFUSED 10.0.0.9:5432',
              checked_at: '2026-11-26T00:00:00Z',
            },
          });
    });
    const table = await screen.findByRole('table', { name: 'Clusters' });
    const row = (await within(table).findByText('EU main')).closest('tr')!;
    expect(within(row).getByText('db.internal:5432/push')).toBeInTheDocument();
    expect(within(row).getByText('Acme Shop')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Test connection: EU main' }));
    expect(await within(row).findByText('Reachable · 4.2 ms')).toBeInTheDocument();
    const test = calls.find((c) => c.path === '/api/v1/management/clusters/test')!;
    expect(test.body).toEqual({
      config: { driver: 'pgsql', host: 'db.internal', port: 5432, database: 'push', username: 'pd' },
      cluster_id: 7,
    });

    await user.click(within(row).getByRole('button', { name: 'Show details' }));
    const subs = await screen.findByRole('table', { name: 'Db subs of EU main' });
    await user.click(within(subs).getByRole('button', { name: 'Test connection: eu-0' }));
    expect(await within(subs).findByText(/Unreachable: connect ECONNREFUSED/)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('password_set');
  });

  it("Create cluster: 'Fill out the cluster required fields!' and no call while fields are missing", async () => {
    const { calls, user } = renderPage();
    await screen.findByText('EU main');
    await user.click(screen.getByRole('button', { name: 'Create cluster' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create cluster' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Fill out the cluster required fields!')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Fill the required fields out!').length).toBeGreaterThan(3);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/management/clusters')).toBe(false);
  });

  it('saves a cluster and a db sub of a server without a password (trust or peer authentication)', async () => {
    const trusting = { ...config, password_set: false };
    const cluster: Cluster = {
      ...CLUSTER,
      db_entities_master: trusting,
      db_subs: [{ ...CLUSTER.db_subs[0]!, config: trusting }],
    };
    const { calls, user } = renderPage((call) => {
      if (call.path === '/api/v1/management/clusters' && call.method === 'GET') {
        return jsonResponse(200, { data: [cluster] });
      }
      if (call.method === 'PUT' && call.path === '/api/v1/management/clusters/7') {
        return jsonResponse(200, { data: cluster });
      }
      if (call.method === 'PUT' && call.path === '/api/v1/management/dbsubs/70') {
        return jsonResponse(200, { data: cluster.db_subs[0] });
      }
      return undefined;
    });
    const table = await screen.findByRole('table', { name: 'Clusters' });
    await within(table).findByText('EU main');
    await user.click(within(table).getByRole('button', { name: 'Edit cluster EU main' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit cluster EU main' });
    expect(within(dialog).getByPlaceholderText('None for trust or peer authentication')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect((put.body as { db_entities_master: object }).db_entities_master).toEqual({
      driver: 'pgsql',
      host: 'db.internal',
      port: 5432,
      database: 'push',
      username: 'pd',
    });
    expect(screen.queryByText('Fill the required fields out!')).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Show details' }));
    const subs = await screen.findByRole('table', { name: 'Db subs of EU main' });
    await user.click(within(subs).getByRole('button', { name: 'Edit db sub eu-0' }));
    const subDialog = await screen.findByRole('dialog');
    await user.click(within(subDialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/management/dbsubs/70')).toBe(true));
    const subPut = calls.find((c) => c.path === '/api/v1/management/dbsubs/70')!;
    expect(subPut.body).toMatchObject({ config: { host: 'db.internal', username: 'pd' } });
    expect((subPut.body as { config: object }).config).not.toHaveProperty('password');
  });

  it("says 'Failed to sync cluster / change activeness!' when switching off fails", async () => {
    const { user } = renderPage((call) =>
      call.method === 'PUT' ? jsonResponse(500, { message: 'Server Error' }) : undefined,
    );
    const table = await screen.findByRole('table', { name: 'Clusters' });
    await within(table).findByText('EU main');
    await user.click(within(table).getByRole('switch', { name: 'Active: EU main' }));
    await user.click(await screen.findByRole('button', { name: 'Yes!' }));
    await waitFor(() => expect(screen.getByText('Failed to sync cluster / change activeness!')).toBeInTheDocument());
  });

  it("copies a cluster's UID with 'Copied!', and says 'Fail to copy undefined' when the browser refuses", async () => {
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Clusters' });
    await within(table).findByText('EU main');
    await user.click(within(table).getByRole('button', { name: 'Copy UID of EU main' }));
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('c0ffee');

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    await user.click(within(table).getByRole('button', { name: 'Copy master of EU main' }));
    expect(await screen.findByText('Fail to copy undefined')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('c0ffee');
  });
});
