import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler } from '@/lib/api';
import {
  clearXsrfCookie,
  csrfCookieResponse,
  jsonResponse,
  type Responder,
  stubFetch,
} from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { ChangePasswordPage } from './change-password-page';

function renderPage(respond: Responder) {
  const network = stubFetch((call) => (call.path === '/api/csrf-cookie' ? csrfCookieResponse() : respond(call)));
  renderWithProviders(<ChangePasswordPage />, { route: '/change-password' });
  return network;
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^current password/i), 'old-secret');
  await user.type(screen.getByLabelText(/^new password/i), 'new-secret-1');
  await user.type(screen.getByLabelText(/^confirm new password/i), 'new-secret-1');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordPage', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('shows the success notice and empties the form', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(() => jsonResponse(200, { data: { message: 'Password has been changed.' } }));
    await fill(user);
    expect(await screen.findByText('Password has been changed.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^current password/i)).toHaveValue('');
    expect(calls.find((c) => c.path === '/api/auth/user/change-password')?.body).toEqual({
      old_password: 'old-secret',
      new_password: 'new-secret-1',
      new_password_confirmation: 'new-secret-1',
    });
  });

  it('shows the 422 message under the current password', async () => {
    const user = userEvent.setup();
    const uninstall = setSessionExpiredHandler(() => undefined);
    renderPage(() =>
      jsonResponse(422, {
        message: 'The old password is incorrect.',
        errors: { old_password: ['The old password is incorrect.'] },
      }),
    );
    await fill(user);
    expect(await screen.findByText('The old password is incorrect.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^current password/i)).toHaveAttribute('aria-invalid', 'true');
    uninstall();
  });

  it('checks the confirmation before calling the server', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(() => jsonResponse(200, { data: {} }));
    await user.type(screen.getByLabelText(/^current password/i), 'old-secret');
    await user.type(screen.getByLabelText(/^new password/i), 'new-secret-1');
    await user.type(screen.getByLabelText(/^confirm new password/i), 'different-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password confirmation does not match.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
