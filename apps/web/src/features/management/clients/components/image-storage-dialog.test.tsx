import type { ManagedClient } from '@pushdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { jsonResponse, type StubbedCall, stubFetch } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { ImageStorageDialog } from './image-storage-dialog';

const CLIENT: ManagedClient = { id: 4, client_uid: 'acme', name: 'Acme Shop', is_active: 1 };
const STORED = {
  ...CLIENT,
  images_storage: {
    IMAGES_STORAGE_DRIVER: 's3' as const,
    IMAGES_STORAGE_HOST: 'https://s3.example.test',
    IMAGES_STORAGE_USERNAME: 'AKIAEXAMPLE',
    IMAGES_STORAGE_PUBLIC_DOMAIN: 'https://cdn.example.test',
    IMAGES_STORAGE_DOC_ROOT: 'acme-images',
    IMAGES_STORAGE_PUBLIC_ROOT: 'push',
    password_set: true,
  },
  images_storage_public_folder: null,
};

function renderDialog(stored: ManagedClient, put: (call: StubbedCall) => Response) {
  const network = stubFetch((call) => {
    if (call.path === '/api/v1/management/clients/4' && call.method === 'GET')
      return jsonResponse(200, { data: stored });
    if (call.path === '/api/v1/management/clients/4' && call.method === 'PUT') return put(call);
    return jsonResponse(404, { message: 'Not found.' });
  });
  renderWithProviders(<ImageStorageDialog client={CLIENT} onClose={() => {}} />, { user: userWithRole('admin') });
  return { ...network, user: userEvent.setup() };
}

describe('ImageStorageDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the stored config without the secret, and an edit without a password keeps it', async () => {
    const { calls, user } = renderDialog(STORED, () => jsonResponse(200, { data: STORED }));
    const dialog = await screen.findByRole('dialog', { name: 'Image storage: Acme Shop' });
    expect(await within(dialog).findByDisplayValue('acme-images')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Password/)).toHaveValue('');
    await user.clear(within(dialog).getByLabelText(/^Public root/));
    await user.type(within(dialog).getByLabelText(/^Public root/), 'icons');
    await user.click(within(dialog).getByRole('button', { name: 'Save config' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')!.body as { images_storage: Record<string, string> };
    expect(body.images_storage.IMAGES_STORAGE_PUBLIC_ROOT).toBe('icons');
    expect(body.images_storage).not.toHaveProperty('IMAGES_STORAGE_PASSWORD');
  });

  it("new config: 'Fail to update image storage config!' and no call until every field is filled", async () => {
    const { calls, user } = renderDialog(CLIENT, () => jsonResponse(200, { data: CLIENT }));
    const dialog = await screen.findByRole('dialog', { name: 'Image storage: Acme Shop' });
    await within(dialog).findByText(/No storage configured/);
    await user.click(within(dialog).getByRole('button', { name: 'Save config' }));
    expect(await within(dialog).findByText('Fail to update image storage config!')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Public folder/));
    await user.type(within(dialog).getByLabelText(/^Public folder/), '../etc');
    await user.click(within(dialog).getByRole('button', { name: 'Save path' }));
    expect(await within(dialog).findByText(/^Fail to update image storage path!/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('keeps what was typed when the driver changes, each driver its own values, and saves the chosen one', async () => {
    const { calls, user } = renderDialog(CLIENT, () => jsonResponse(200, { data: CLIENT }));
    const dialog = await screen.findByRole('dialog', { name: 'Image storage: Acme Shop' });
    await within(dialog).findByText(/No storage configured/);
    const field = (label: RegExp) => within(dialog).getByLabelText(label);
    const fill = async (label: RegExp, text: string) => {
      await user.clear(field(label));
      await user.type(field(label), text);
    };
    const driverTo = async (name: RegExp) => {
      await user.click(within(dialog).getByRole('combobox', { name: /^Driver/ }));
      await user.click(await screen.findByRole('option', { name }));
    };
    await fill(/^Host/, 'https://s3.example.test');
    await fill(/^Username/, 'AKIAEXAMPLE');
    await fill(/^Password/, 's3-secret');
    await fill(/^Public domain/, 'https://cdn.example.test');
    await fill(/^Document root/, 'acme-images');
    await fill(/^Public root/, 'push');

    await driverTo(/^local/);
    // what both drivers mean the same way is kept; the S3 credentials are not a folder's
    expect(field(/^Public domain/)).toHaveValue('https://cdn.example.test');
    expect(field(/^Host/)).toHaveValue('https://s3.example.test');
    await fill(/^Document root/, '/srv/images');
    await fill(/^Public root/, 'acme');

    await driverTo(/^s3/);
    expect(field(/^Host/)).toHaveValue('https://s3.example.test');
    expect(field(/^Username/)).toHaveValue('AKIAEXAMPLE');
    expect(field(/^Password/)).toHaveValue('s3-secret');
    expect(field(/^Document root/)).toHaveValue('acme-images');
    expect(field(/^Public root/)).toHaveValue('push');

    await driverTo(/^local/);
    expect(field(/^Document root/)).toHaveValue('/srv/images');
    expect(field(/^Public root/)).toHaveValue('acme');
    await user.click(within(dialog).getByRole('button', { name: 'Save config' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect((calls.find((c) => c.method === 'PUT')!.body as { images_storage: unknown }).images_storage).toEqual({
      IMAGES_STORAGE_DRIVER: 'local',
      IMAGES_STORAGE_HOST: 'https://s3.example.test',
      IMAGES_STORAGE_USERNAME: 'AKIAEXAMPLE',
      IMAGES_STORAGE_PASSWORD: 's3-secret',
      IMAGES_STORAGE_PUBLIC_DOMAIN: 'https://cdn.example.test',
      IMAGES_STORAGE_DOC_ROOT: '/srv/images',
      IMAGES_STORAGE_PUBLIC_ROOT: 'acme',
    });
  }, 30_000);

  it('after a save shows what is stored: the secret typed is not shown back', async () => {
    const { calls, user } = renderDialog(CLIENT, () => jsonResponse(200, { data: STORED }));
    const dialog = await screen.findByRole('dialog', { name: 'Image storage: Acme Shop' });
    await within(dialog).findByText(/No storage configured/);
    const fill = async (label: RegExp, text: string) => user.type(within(dialog).getByLabelText(label), text);
    await fill(/^Host/, 'https://s3.example.test');
    await fill(/^Username/, 'AKIAEXAMPLE');
    await fill(/^Password/, 's3-secret');
    await fill(/^Public domain/, 'https://cdn.example.test');
    await fill(/^Document root/, 'acme-images');
    await fill(/^Public root/, 'push');
    await user.click(within(dialog).getByRole('button', { name: 'Save config' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(await screen.findByText('Image storage config has been updated!')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText(/^Password/)).toHaveValue(''));
    expect(within(dialog).getByLabelText(/^Document root/)).toHaveValue('acme-images');
  }, 30_000);

  it('holds the form in place with grey bars while the config loads, then retries a failed load', async () => {
    let state: 'wait' | 'fail' | 'ok' = 'wait';
    const answer = (call: StubbedCall) => {
      if (call.path !== '/api/v1/management/clients/4') return jsonResponse(404, { message: 'Not found.' });
      if (state === 'wait') return new Promise<Response>(() => {});
      return state === 'fail'
        ? jsonResponse(500, { message: 'Clients are down.' })
        : jsonResponse(200, { data: STORED });
    };
    stubFetch(answer);
    const first = renderWithProviders(<ImageStorageDialog client={CLIENT} onClose={() => {}} />, {
      user: userWithRole('admin'),
    });
    const loading = await screen.findByRole('dialog', { name: 'Image storage: Acme Shop' });
    expect(within(loading).getByRole('progressbar', { name: 'Loading image storage' })).toBeInTheDocument();
    expect(loading.querySelector('.mantine-Loader-root')).toBeNull();
    first.unmount();

    state = 'fail';
    stubFetch(answer);
    renderWithProviders(<ImageStorageDialog client={CLIENT} onClose={() => {}} />, { user: userWithRole('admin') });
    const dialog = await screen.findByRole('dialog', { name: 'Image storage: Acme Shop' });
    const alert = await within(dialog).findByRole('alert');
    // a server error's own text is not shown for a 5xx (failureText)
    expect(alert).toHaveTextContent('The client could not be loaded.');
    state = 'ok';
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByDisplayValue('acme-images')).toBeInTheDocument();
  });
});
