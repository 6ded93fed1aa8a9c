import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, page, resetChunkReload } from '@/lib/chunks/chunk-load';
import { RouteErrorPage } from './route-error-page';

/** A router whose /files screen's code fails to load as a browser reports it after a deploy. */
function renderFailingChunk() {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        errorElement: <RouteErrorPage />,
        children: [
          {
            path: '/files',
            lazy: () =>
              Promise.reject(
                new TypeError('Failed to fetch dynamically imported module: http://x.test/assets/files-page-old.js'),
              ),
          },
        ],
      },
    ],
    { initialEntries: ['/files'] },
  );
  return render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('RouteErrorPage: a chunk that failed to load', () => {
  let reload: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    window.sessionStorage.clear();
    resetChunkReload();
    reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('reloads the page once, saying so, instead of a broken screen', async () => {
    renderFailingChunk();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the new version…');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('after a reload a moment ago, says what happened and offers Reload (no loop)', async () => {
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now() - 2_000));
    renderFailingChunk();
    expect(await screen.findByRole('heading', { name: 'Pushdeck has been updated' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Part of this page could not be loaded, most likely because a new version of Pushdeck was installed while the page was open. Reload the page to continue.',
    );
    expect(reload).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows any other failure as before', async () => {
    const router = createMemoryRouter(
      [
        {
          id: 'root',
          errorElement: <RouteErrorPage />,
          children: [{ path: '/x', lazy: () => Promise.reject(new Error('Server is down.')) }],
        },
      ],
      { initialEntries: ['/x'] },
    );
    render(
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
