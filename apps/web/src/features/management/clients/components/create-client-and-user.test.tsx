import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '@/lib/api/testing/fetch-stub';
import { cleanUp, expandAcme, renderPage, user } from './clients-page-test-kit';

describe('ClientsManagementPage: Create Client and Create User', () => {
  afterEach(cleanUp);

  it('Create Client: the spec texts, then the client with its first user', async () => {
    const { writes, user: u } = renderPage((call) =>
      call.method === 'POST' && call.path === '/api/v1/management/clients'
        ? jsonResponse(201, { data: { id: 3, client_uid: 'new', name: 'New', is_active: 1, users: [] } })
        : undefined,
    );
    await u.click(await screen.findByRole('button', { name: 'Create client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create client' });
    const create = within(dialog).getByRole('button', { name: 'Create' });

    await u.click(create);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Fill the required fields!');

    await u.type(within(dialog).getByLabelText(/^Name/), 'New');
    await u.type(within(dialog).getByLabelText(/^Email/), 'not-an-email');
    await u.type(within(dialog).getByLabelText(/^Password/), 'short');
    await u.type(within(dialog).getByLabelText(/^Confirm password/), 'short');
    await u.click(create);
    expect(await within(dialog).findByText('Invalid e-mail.')).toBeInTheDocument();
    expect(within(dialog).getByText('The password must be at least 8 characters.')).toBeInTheDocument();

    await u.clear(within(dialog).getByLabelText(/^Email/));
    await u.type(within(dialog).getByLabelText(/^Email/), 'new@client.test');
    await u.type(within(dialog).getByLabelText(/^Password/), '-longer');
    await u.type(within(dialog).getByLabelText(/^Confirm password/), '-other');
    await u.click(create);
    expect(await within(dialog).findByText('The password confirmation does not match!')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);

    await u.clear(within(dialog).getByLabelText(/^Confirm password/));
    await u.type(within(dialog).getByLabelText(/^Confirm password/), 'short-longer');
    await u.click(create);
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toEqual({
      name: 'New',
      email: 'new@client.test',
      password: 'short-longer',
      password_confirmation: 'short-longer',
    });
    expect(await screen.findByText('Client has been successfully created!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create client' })).toBeNull());
  });

  it("Create Client: a taken email goes under the field, anything else is 'Fail to create the client!'", async () => {
    let status = 422;
    const { user: u } = renderPage((call) =>
      call.method === 'POST'
        ? jsonResponse(status, {
            message: 'The given data was invalid.',
            errors: { email: ['The email has already been taken.'] },
          })
        : undefined,
    );
    await u.click(await screen.findByRole('button', { name: 'Create client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create client' });
    await u.type(within(dialog).getByLabelText(/^Name/), 'New');
    await u.type(within(dialog).getByLabelText(/^Email/), 'client@pushdeck.test');
    await u.type(within(dialog).getByLabelText(/^Password/), 'password1');
    await u.type(within(dialog).getByLabelText(/^Confirm password/), 'password1');
    await u.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The email has already been taken.')).toBeInTheDocument();
    status = 500;
    await u.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Fail to create the client!');
  });

  it('Create User for a client: the role is required, then the user is created in that client', async () => {
    const { writes, user: u } = renderPage((call) =>
      call.method === 'POST' && call.path === '/api/v1/management/users'
        ? jsonResponse(201, { data: user(13, 'new@acme.test', { role_name: 'viewer', roles: ['viewer'] }) })
        : undefined,
    );
    await expandAcme(u);
    await u.click(screen.getByRole('button', { name: 'Create user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create user for Acme <b>Shop</b>' });
    await u.type(within(dialog).getByLabelText(/^Name/), 'New user');
    await u.type(within(dialog).getByLabelText(/^Email/), 'new@acme.test');
    await u.type(within(dialog).getByLabelText(/^Password/), 'password1');
    await u.type(within(dialog).getByLabelText(/^Confirm password/), 'password1');
    await u.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Fill the required fields!');
    expect(writes()).toHaveLength(0);

    await u.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await u.click(await screen.findByRole('option', { name: 'viewer' }));
    await u.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toEqual({
      name: 'New user',
      email: 'new@acme.test',
      password: 'password1',
      password_confirmation: 'password1',
      client_id: 1,
      role: 'viewer',
    });
    expect(await screen.findByText(/User has been successfully created!/)).toBeInTheDocument();
  });

  it('Create User offers a moderator only the roles whose every permission it may give', async () => {
    const { user: u } = renderPage(undefined, 'moder');
    await expandAcme(u);
    await u.click(screen.getByRole('button', { name: 'Create user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create user for Acme <b>Shop</b>' });
    await u.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    expect(await screen.findByRole('option', { name: 'viewer' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'client' })).toBeInTheDocument();
    // 'user' carries a tenant permission, which a moderator may give; 'auditor' one it does not hold
    expect(screen.getByRole('option', { name: 'user' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'auditor' })).toBeNull();
  });
});
