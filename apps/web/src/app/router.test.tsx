import { act, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { withRouteShown } from './route-shown';
import { markRouteBusy, ROUTE_BUSY_ATTRIBUTE } from './router';

const cleanups: (() => void)[] = [];

describe('markRouteBusy', () => {
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it('keeps the route busy until the new screen is rendered, not only until the router is idle', async () => {
    // The next screen's render is held (a part of it still suspends), as a slow or deferred transition would be.
    let release: () => void = () => {};
    const held = new Promise<{ default: () => React.JSX.Element }>((resolve) => {
      release = () => resolve({ default: () => <p>Profile content</p> });
    });
    const ProfilePart = lazy(() => held);
    const router = createMemoryRouter(
      [
        { path: '/site', Component: withRouteShown(() => <button type="button">Postback</button>) },
        { path: '/profile', Component: withRouteShown(() => <ProfilePart />) },
      ],
      { initialEntries: ['/site'] },
    );
    const root = document.createElement('div');
    cleanups.push(markRouteBusy(router, root));
    render(<RouterProvider router={router} />);
    await screen.findByRole('button', { name: 'Postback' });
    expect(root.hasAttribute(ROUTE_BUSY_ATTRIBUTE)).toBe(false);

    await act(() => router.navigate('/profile'));
    // the router is done (no guard, no code to load) but the previous screen is still the one on view
    expect(router.state.navigation.state).toBe('idle');
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getByRole('button', { name: 'Postback' })).toBeInTheDocument();
    expect(root.hasAttribute(ROUTE_BUSY_ATTRIBUTE)).toBe(true);

    await act(async () => release());
    expect(await screen.findByText('Profile content')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Postback' })).toBeNull();
    expect(root.hasAttribute(ROUTE_BUSY_ATTRIBUTE)).toBe(false);
  });

  it('is busy while a navigation is under way', async () => {
    let answer: () => void = () => {};
    const router = createMemoryRouter(
      [
        { path: '/a', Component: withRouteShown(() => <p>A</p>) },
        {
          path: '/b',
          loader: () => new Promise<null>((resolve) => (answer = () => resolve(null))),
          Component: withRouteShown(() => <p>B</p>),
        },
      ],
      { initialEntries: ['/a'] },
    );
    const root = document.createElement('div');
    cleanups.push(markRouteBusy(router, root));
    render(<RouterProvider router={router} />);
    await screen.findByText('A');
    expect(root.hasAttribute(ROUTE_BUSY_ATTRIBUTE)).toBe(false);
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = router.navigate('/b');
    });
    expect(root.hasAttribute(ROUTE_BUSY_ATTRIBUTE)).toBe(true);
    await act(async () => {
      answer();
      await done;
    });
    await screen.findByText('B');
    expect(root.hasAttribute(ROUTE_BUSY_ATTRIBUTE)).toBe(false);
  });
});
