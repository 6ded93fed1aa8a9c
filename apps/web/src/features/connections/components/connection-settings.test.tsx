import type { Connection } from '@pushdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
import { ConnectionSettingsButton } from './connection-settings';

const conn = (id: number, name: string, type: 'master' | 'slave'): Connection => ({
  id,
  name,
  attribute: `https://${name.toLowerCase()}.push.example`,
  number: null,
  tag: null,
  datacenter: 'fra1',
  is_active: 1,
  region: 'EU',
  type: 'api',
  pivot: { connection_id: id, type },
});

function renderButton(user = userWithRole('admin')) {
  let bound = [conn(1, 'One', 'master'), conn(2, 'Two', 'slave')];
  const network = stubFetch((call: StubbedCall) => {
    if (call.path === '/api/v1/connections/getDomainAPIConnections') return jsonResponse(200, { data: bound });
    if (call.path === '/api/v1/connections/getDomainDBConnections') return jsonResponse(200, { data: [] });
    if (call.path === '/api/v1/connections/get') {
      const type = call.url.searchParams.get('where[type]');
      return jsonResponse(200, { data: type === 'db' ? [] : [conn(1, 'One', 'slave'), conn(4, 'Four', 'slave')] });
    }
    if (call.path === '/api/v1/connections/bindConnectionToDomain') {
      bound = [...bound, conn(4, 'Four', 'slave')];
      return jsonResponse(200, { data: bound });
    }
    if (call.path === '/api/v1/connections/bindGeoConnectionsToDomain') {
      bound = [...bound, conn(3, 'Three', 'slave')];
      return jsonResponse(200, { data: { bound: [3] } });
    }
    if (call.path === '/api/v1/connections/changeMasterDomainConnectionAPI') {
      bound = [conn(2, 'Two', 'master'), conn(1, 'One', 'slave')];
      return jsonResponse(200, { data: [] });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  renderWithProviders(<ConnectionSettingsButton domain={{ id: 5, url: 'https://shop.acme.test' }} />, { user });
  return { ...network, user: userEvent.setup() };
}

describe('Connection settings', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is offered to the admin only', () => {
    stubFetch(() => jsonResponse(404, {}));
    renderWithProviders(<ConnectionSettingsButton domain={{ id: 5, url: 'https://shop.acme.test' }} />, {
      user: userWithRole('moder'),
    });
    expect(screen.queryByRole('button', { name: 'Connection settings' })).not.toBeInTheDocument();
  });

  it("switches master after 'Are you sure?' and says 'Changed'; cancelling says 'Cancelled' and calls nothing", async () => {
    const { calls, user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Connection settings' }));
    const table = await screen.findByRole('table', { name: 'API connections' });
    for (const header of ['Id', 'Name', 'Attribute', 'Number', 'Tag', 'Datacenter', 'Activeness', 'Region', 'Master']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await user.click(await within(table).findByRole('button', { name: 'Master Two: FALSE' }));
    expect(await screen.findByText("You wiil change the 'master'. It is extremely important.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Cancelled' })).toBeInTheDocument();
    expect(calls.some((c) => c.path.includes('changeMaster'))).toBe(false);

    await user.click(within(table).getByRole('button', { name: 'Master Two: FALSE' }));
    await user.click(await screen.findByRole('button', { name: 'Yes!' }));
    expect(await screen.findByRole('dialog', { name: 'Changed' })).toBeInTheDocument();
    const call = calls.find((c) => c.path === '/api/v1/connections/changeMasterDomainConnectionAPI')!;
    expect(call.url.searchParams.get('domain_ids')).toBe('5');
    expect(call.url.searchParams.get('connection_id')).toBe('2');
    await waitFor(() => expect(within(table).getByRole('button', { name: 'Master Two: TRUE' })).toBeInTheDocument());
  });

  it('Bind says which connection was bound, and the table shows it', async () => {
    const { calls, user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Connection settings' }));
    const table = await screen.findByRole('table', { name: 'API connections' });
    await within(table).findByText('Two');
    await user.click(screen.getByRole('combobox', { name: 'Add a new API bundle' }));
    await user.click(await screen.findByRole('option', { name: /^#4 Four/ }));
    await user.click(screen.getAllByRole('button', { name: 'Bind' })[0]!);
    expect(await screen.findByText('API connection Four (#4) has been bound.')).toBeInTheDocument();
    expect(within(table).getByText('Four')).toBeInTheDocument();
    const call = calls.find((c) => c.path === '/api/v1/connections/bindConnectionToDomain')!;
    expect(call.url.searchParams.get('connection_id')).toBe('4');
  });

  it("Unbind asks first; cancelling says 'Cancelled!' 'Bundle is safe :)' and unbinds nothing", async () => {
    const { calls, user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Connection settings' }));
    const table = await screen.findByRole('table', { name: 'API connections' });
    await user.click(await within(table).findByRole('button', { name: 'Unbind Two' }));
    expect(await screen.findByText('Two will be unbound from this website.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const result = await screen.findByRole('dialog', { name: 'Cancelled!' });
    expect(within(result).getByText('Bundle is safe :)')).toBeInTheDocument();
    expect(calls.some((c) => c.path.includes('unBind'))).toBe(false);
    expect(within(table).getByRole('button', { name: 'Unbind Two' })).toBeInTheDocument();
  });

  it('Change Geo binds the connections of the website’s regions after a confirmation and says how many', async () => {
    const { calls, user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Connection settings' }));
    const table = await screen.findByRole('table', { name: 'API connections' });
    await within(table).findByText('Two');
    await user.click(screen.getByRole('button', { name: 'Change Geo' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Cancelled' })).toBeInTheDocument();
    expect(calls.some((c) => c.path.includes('bindGeo'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Change Geo' }));
    await user.click(await screen.findByRole('button', { name: 'Yes!' }));
    const result = await screen.findByRole('dialog', { name: 'Changed' });
    expect(within(result).getByText('1 connection(s) bound.')).toBeInTheDocument();
    const call = calls.find((c) => c.path === '/api/v1/connections/bindGeoConnectionsToDomain')!;
    expect(call.url.searchParams.get('domain_id')).toBe('5');
    expect(await within(table).findByText('Three')).toBeInTheDocument();
  });

  it('holds grey rows under the loading line while the bound bundles load, no spinner', async () => {
    // the lists never answer (the CSRF cookie does: a POST waits for it, and so would the next test's)
    stubFetch((call) => (call.path === '/api/csrf-cookie' ? csrfCookieResponse() : new Promise<Response>(() => {})));
    renderWithProviders(<ConnectionSettingsButton domain={{ id: 5, url: 'https://shop.acme.test' }} />, {
      user: userWithRole('admin'),
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Connection settings' }));
    const table = await screen.findByRole('table', { name: 'API connections' });
    expect(within(table).getByRole('status')).toHaveTextContent('Loading API connections…');
    expect(table.querySelectorAll('tbody tr')).toHaveLength(3);
    expect(document.querySelector('.mantine-Loader-root')).toBeNull();
    clearXsrfCookie();
  });

  it('shows a failed table with a Retry that asks again, and an empty one says how to bind', async () => {
    let failing = true;
    const { calls } = stubFetch((call: StubbedCall) => {
      if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
      if (call.path === '/api/v1/connections/getDomainAPIConnections') {
        return failing ? jsonResponse(500, { message: 'Bundles are down.' }) : jsonResponse(200, { data: [] });
      }
      return jsonResponse(200, { data: [] });
    });
    renderWithProviders(<ConnectionSettingsButton domain={{ id: 5, url: 'https://shop.acme.test' }} />, {
      user: userWithRole('admin'),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Connection settings' }));
    const table = await screen.findByRole('table', { name: 'API connections' });
    const alert = await within(table).findByRole('alert');
    expect(alert).toHaveTextContent('Bundles are down.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(table).findByText('No API connection is bound to this website.')).toBeInTheDocument();
    expect(within(table).getByText("Pick one under 'Add a new API bundle' below and press Bind.")).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/v1/connections/getDomainAPIConnections')).toHaveLength(2);
    clearXsrfCookie();
  });
});
