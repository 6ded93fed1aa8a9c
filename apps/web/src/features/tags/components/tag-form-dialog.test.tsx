import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearXsrfCookie, jsonResponse, stubFetch } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { TagFormDialog } from './tag-form-dialog';

describe('TagFormDialog', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it("shows 'Required.' under both empty fields and the snackbar, and calls nothing", async () => {
    const { calls } = stubFetch(() => jsonResponse(200, { data: {} }));
    renderWithProviders(<TagFormDialog opened onClose={() => {}} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Create tag' });
    expect(within(dialog).queryByText('Required.')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getAllByText('Required.')).toHaveLength(2);
    expect(await screen.findByText('Fill the required fields out!')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows 'Required.' under Tag Name once it is left empty, and takes it away as a name is typed", async () => {
    stubFetch(() => jsonResponse(200, { data: {} }));
    renderWithProviders(<TagFormDialog opened defaultType="geo" onClose={() => {}} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Create tag' });
    const name = within(dialog).getByLabelText(/Tag Name/);
    await user.click(name);
    expect(within(dialog).queryByText('Required.')).toBeNull();
    await user.tab();
    expect(await within(dialog).findByText('Required.')).toBeInTheDocument();
    await user.type(name, 'Germany');
    expect(within(dialog).queryByText('Required.')).toBeNull();
  });

  it('updates a tag with PUT /v1/tags/{id}?name=&type=', async () => {
    const { calls } = stubFetch((call) =>
      call.path === '/api/csrf-cookie' ? new Response(null, { status: 204 }) : jsonResponse(200, { data: {} }),
    );
    renderWithProviders(<TagFormDialog opened tag={{ id: 9, name: 'News', type: 'category' }} onClose={() => {}} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Update tag' });
    const name = within(dialog).getByLabelText(/Tag Name/);
    expect(name).toHaveValue('News');
    await user.type(name, ' daily');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Successfully!')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect([put?.path, put?.url.searchParams.get('name'), put?.url.searchParams.get('type')]).toEqual([
      '/api/v1/tags/9',
      'News daily',
      'category',
    ]);
  });
});
