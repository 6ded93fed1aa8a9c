import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearXsrfCookie, jsonResponse, type StubbedCall } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { triggerNetwork } from '../testing/trigger-network';
import { TriggerCreatorPage } from './trigger-creator-page';

function renderCreator(override?: (call: StubbedCall) => Response | undefined) {
  const network = triggerNetwork([], { override });
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/:id/triggers/create" element={<TriggerCreatorPage />} />
      <Route path="/dashboard/:id/triggers" element={<p>Back on the list</p>} />
    </Routes>,
    { route: '/dashboard/5/triggers/create' },
  );
  return { ...network, user: userEvent.setup() };
}

const form = () => screen.getByRole('form', { name: 'Create trigger' });
const writes = (calls: StubbedCall[]) => calls.filter((c) => c.method !== 'GET' && c.path !== '/api/csrf-cookie');

describe('TriggerCreatorPage', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it("needs a name and a title: 'Required.' under them and 'Fill the required fields out!', nothing sent", async () => {
    const { calls, user } = renderCreator();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Fill the required fields out!')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(/Required\./);
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveAccessibleDescription(/Required\./);
    expect(screen.getByRole('textbox', { name: /^Message/ })).not.toHaveAttribute('aria-invalid', 'true');
    expect(writes(calls)).toEqual([]);
  });

  it("counts the title and says 'Max 30 characters' past 30", async () => {
    const { user } = renderCreator();
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    await user.type(title, 'x'.repeat(31));
    expect(screen.getByText('31/30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Max 30 characters')).toBeInTheDocument();
  });

  it('shows the form in the live preview as it is typed, as text', async () => {
    const { user } = renderCreator();
    const preview = await screen.findByRole('region', { name: 'Live preview' });
    expect(preview).toHaveTextContent('Title');
    expect(preview).toHaveTextContent('Type your message ...');
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), '<b>Sale</b>');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Half price');
    await user.click(screen.getByRole('checkbox', { name: 'Action Buttons' }));
    await user.click(screen.getByRole('radio', { name: '2 Buttons' }));
    await user.type(screen.getByRole('textbox', { name: 'Button 1 title' }), 'Shop now');
    expect(preview).toHaveTextContent('<b>Sale</b>');
    expect(preview.querySelector('b')).toBeNull();
    expect(preview).toHaveTextContent('Half price');
    expect(preview).toHaveTextContent('Shop now');
    expect(preview).toHaveTextContent('Button2');
    await waitFor(() => expect(preview).toHaveTextContent('shop.example'));
  });

  it('saves the trigger with its delay and buttons, says Successfully! and returns to the list after 1.5 s', async () => {
    const { calls, user } = renderCreator();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'cart_abandoned');
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Still thinking?');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Your cart misses you');
    await user.type(screen.getByRole('textbox', { name: /^Url/ }), 'https://shop.example/cart');
    await user.click(screen.getByRole('checkbox', { name: 'Action Buttons' }));
    await user.type(screen.getByRole('textbox', { name: 'Button 1 title' }), 'Back to cart');
    const delay = screen.getByRole('textbox', { name: /^Fire notification after/ });
    await user.clear(delay);
    await user.type(delay, '1500');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully!')).toBeInTheDocument();
    const post = writes(calls).find((c) => c.path === '/api/v1/drips');
    expect(post?.method).toBe('POST');
    expect(post?.body).toEqual({
      domain_id: 5,
      type: 'trigger',
      event: 'cart_abandoned',
      title: 'Still thinking?',
      body: 'Your cart misses you',
      url: 'https://shop.example/cart',
      customization: { requireInteraction: false, button1: { title: 'Back to cart' } },
      meta: { delay: 1500 },
      schedule: { after_days: 0, after_hours: 0, after_mins: 0 },
    });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.queryByText('Back on the list')).toBeNull();
    expect(await screen.findByText('Back on the list', {}, { timeout: 3000 })).toBeInTheDocument();
  }, 15_000);

  it("shows the server's 422 under the field (an event already taken)", async () => {
    const { user } = renderCreator((call) =>
      call.path === '/api/v1/drips'
        ? jsonResponse(422, {
            message: 'This event already has a trigger.',
            errors: { event: ['This event already has a trigger.'] },
          })
        : undefined,
    );
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'signup');
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(
        /This event already has a trigger\./,
      ),
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('uploads a picked icon before saving, and a failed upload stops the save', async () => {
    let uploadFails = true;
    const { calls, user } = renderCreator((call) => {
      if (call.path !== '/api/v1/files/uploadImage') return undefined;
      return uploadFails
        ? jsonResponse(422, {
            message: 'Only png or jpeg images are accepted.',
            errors: { image: ['Only png or jpeg images are accepted.'] },
          })
        : jsonResponse(200, { data: [{ full_url: 'https://cdn.example/uploads/icon.png' }] });
    });
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'signup');
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Hi');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['png'], 'icon.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(form()).findByText('Only png or jpeg images are accepted.')).toBeInTheDocument();
    expect(writes(calls).map((c) => c.path)).toEqual(['/api/v1/files/uploadImage']);
    const upload = writes(calls)[0]!;
    expect((upload.body as FormData).get('type')).toBe('icon');
    expect((upload.body as FormData).get('image')).toBeInstanceOf(File);

    uploadFails = false;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(form()).findByText(/^Successfully!/)).toBeInTheDocument();
    expect(writes(calls).map((c) => c.path)).toEqual([
      '/api/v1/files/uploadImage',
      '/api/v1/files/uploadImage',
      '/api/v1/drips',
    ]);
    expect(writes(calls)[2]?.body).toMatchObject({ icon: 'https://cdn.example/uploads/icon.png' });
  }, 10_000);

  it('refuses a file that is not png or jpeg before any upload', async () => {
    const { calls } = renderCreator();
    // a browser's file dialog may still hand over another file type ("All files")
    const user = userEvent.setup({ applyAccept: false });
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'signup');
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Hi');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['GIF89a'], 'icon.gif', { type: 'image/gif' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(form()).findByText('Only png or jpeg images are accepted.')).toBeInTheDocument();
    expect(writes(calls).map((c) => c.path)).toEqual([]);
  });
});
