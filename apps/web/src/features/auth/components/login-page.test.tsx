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
import { LoginPage } from './login-page';

const ADA = {
  id: 1,
  name: 'Ada',
  email: 'ada@example.test',
  roles: [{ name: 'client', permissions: ['menu.files'] }],
  permissions: [],
  client_uid: 'c-1',
  client_id: 1,
  backToModerUrl: null,
};

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderLogin(route: string, login: Responder) {
  const network = stubFetch((call) => (call.path === '/api/csrf-cookie' ? csrfCookieResponse() : login(call)));
  renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route },
  );
  return network;
}

async function fillIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/email/i), email);
  await user.type(screen.getByLabelText(/^password/i), password);
  return user;
}

describe('LoginPage', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('checks the form with the contract schema before calling the server', async () => {
    const { calls } = renderLogin('/login', () => jsonResponse(200, { data: ADA }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('Required.')).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('submits on Enter and shows the 422 messages under the fields', async () => {
    const { calls } = renderLogin('/login', () =>
      jsonResponse(422, {
        message: 'These credentials do not match our records.',
        errors: {
          email: ['These credentials do not match our records.'],
          password: ['The password field is wrong.'],
        },
      }),
    );
    const user = await fillIn('ada@example.test', 'wrong-pass');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('These credentials do not match our records.')).toBeInTheDocument();
    expect(screen.getByText('The password field is wrong.')).toBeInTheDocument();
    expect(screen.getByLabelText(/email/i)).toHaveAttribute('aria-invalid', 'true');
    const login = calls.find((c) => c.path === '/api/auth/user/login');
    expect(login?.method).toBe('POST');
    expect(login?.body).toEqual({ email: 'ada@example.test', password: 'wrong-pass' });
    expect(login?.headers.get('X-XSRF-TOKEN')).toBeTruthy();
    expect(window.localStorage.getItem(AUTH_FLAG_KEY)).toBeNull();
  });

  it('shows under the email that an account switched off is deactivated', async () => {
    renderLogin('/login', () =>
      jsonResponse(422, { message: MSG.accountDeactivated, errors: { email: [MSG.accountDeactivated] } }),
    );
    const user = await fillIn('ada@example.test', 'secret-pass');
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText(
        'This account has been deactivated. Contact an administrator to have it activated again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/waiting for an administrator/)).toBeNull();
  });

  it('shows the rate-limit message of a 429', async () => {
    renderLogin('/login', () =>
      jsonResponse(
        429,
        { message: 'Too many login attempts. Please try again in 42 seconds.' },
        { 'Retry-After': '42' },
      ),
    );
    const user = await fillIn('ada@example.test', 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many login attempts. Please try again in 42 seconds.',
    );
  });

  it('stores the auth flag and goes to the redirect query value', async () => {
    renderLogin('/login?redirect=%2Ffiles%3Fpage%3D2', () => jsonResponse(200, { data: ADA }));
    const user = await fillIn('ada@example.test', 'secret-pass');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/files?page=2'));
    expect(window.localStorage.getItem(AUTH_FLAG_KEY)).toBe('1');
  });

  it('goes to /dashboard without a redirect, or when the redirect leaves the app', async () => {
    renderLogin('/login?redirect=%2F%2Fevil.example', () => jsonResponse(200, { data: ADA }));
    const user = await fillIn('ada@example.test', 'secret-pass');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });

  it('toggles the password visibility', async () => {
    renderLogin('/login', () => jsonResponse(200, { data: ADA }));
    const password = screen.getByLabelText(/^password/i);
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Toggle visibility', hidden: true }));
    expect(password).toHaveAttribute('type', 'text');
  });
});
