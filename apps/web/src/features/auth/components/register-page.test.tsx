import { MSG } from '@pushdeck/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearXsrfCookie,
  csrfCookieResponse,
  jsonResponse,
  type Responder,
  stubFetch,
} from '@/lib/api/testing/fetch-stub';
import { AUTH_FLAG_KEY } from '@/lib/auth';
import { renderWithProviders } from '@/test/render';
import { RegisterPage } from './register-page';

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="location">{pathname}</p>;
}

function renderRegister(respond: Responder) {
  const network = stubFetch((call) => (call.path === '/api/csrf-cookie' ? csrfCookieResponse() : respond(call)));
  renderWithProviders(
    <Routes>
      <Route path="/register" element={<RegisterPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: '/register' },
  );
  return network;
}

async function fillCommon(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^name/i), 'Ada');
  await user.type(screen.getByLabelText(/^email/i), 'ada@example.test');
  await user.type(screen.getByLabelText(/^password/i), 'long-enough');
  await user.type(screen.getByLabelText(/^confirm password/i), 'long-enough');
}

describe('RegisterPage', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('creates a client account, signs in and opens /dashboard', async () => {
    const user = userEvent.setup();
    const { calls } = renderRegister(() =>
      jsonResponse(201, {
        data: {
          id: 9,
          name: 'Ada',
          email: 'ada@example.test',
          roles: [{ name: 'client', permissions: [] }],
          permissions: [],
          client_uid: 'c-9',
          client_id: 9,
          backToModerUrl: null,
        },
      }),
    );
    await fillCommon(user);
    await user.click(screen.getByRole('button', { name: 'Create client account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(window.localStorage.getItem(AUTH_FLAG_KEY)).toBe('1');
    const register = calls.find((c) => c.path === '/api/auth/client/register');
    expect(register?.body).toEqual({
      name: 'Ada',
      email: 'ada@example.test',
      password: 'long-enough',
      password_confirmation: 'long-enough',
    });
    expect(register?.headers.has('client')).toBe(false);
  });

  it('says "Fill the required fields!" for an empty client form', async () => {
    const user = userEvent.setup();
    const { calls } = renderRegister(() => jsonResponse(500));
    await user.click(screen.getByRole('button', { name: 'Create client account' }));
    expect(await screen.findByText('Fill the required fields!')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('registers a user of a client and says the account waits for an administrator to activate it', async () => {
    const user = userEvent.setup();
    const { calls } = renderRegister(() =>
      jsonResponse(201, {
        data: {
          id: 10,
          name: 'Ada',
          email: 'ada@example.test',
          is_active: 0,
          message: MSG.registeredAwaitingActivation,
        },
      }),
    );
    await user.click(screen.getByText('User'));
    expect(screen.getByText(/An administrator activates your account before you can sign in/)).toBeInTheDocument();
    await user.type(await screen.findByLabelText(/^client id/i), 'c-9');
    await fillCommon(user);
    await user.click(screen.getByRole('button', { name: 'Create user account' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your account was created and is waiting for an administrator to activate it. You will be able to sign in once it is active.',
    );
    expect(calls.find((c) => c.path === '/api/auth/user/register')?.body).toMatchObject({ client_uid: 'c-9' });
    expect(window.localStorage.getItem(AUTH_FLAG_KEY)).toBeNull();
  });

  it('shows the server 422 messages under the user fields', async () => {
    const user = userEvent.setup();
    renderRegister(() =>
      jsonResponse(422, {
        message: 'Client not found.',
        errors: { client_uid: ['Client not found.'], email: ['The email has already been taken.'] },
      }),
    );
    await user.click(screen.getByText('User'));
    await user.type(await screen.findByLabelText(/^client id/i), 'nope');
    await fillCommon(user);
    await user.click(screen.getByRole('button', { name: 'Create user account' }));
    expect(await screen.findByText('Client not found.')).toBeInTheDocument();
    expect(screen.getByText('The email has already been taken.')).toBeInTheDocument();
  });

  it('shows the sign-up limit of a 429', async () => {
    const user = userEvent.setup();
    renderRegister(() =>
      jsonResponse(429, { message: MSG.tooManySignUps.replace(':seconds', '540') }, { 'Retry-After': '540' }),
    );
    await fillCommon(user);
    await user.click(screen.getByRole('button', { name: 'Create client account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-up attempts. Please try again in 540 seconds.',
    );
  });
});
