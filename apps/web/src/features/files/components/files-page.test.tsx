import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { jsonResponse, stubFetch } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { FilesPage } from './files-page';

const LIST = '/api/v1/files/getCSVList';
const file = {
  basename: 'drips.csv',
  extension: 'csv',
  cTime: '2026-11-26T10:00:00.000Z',
  size: 120,
  status: 'ready',
  link: '/files/drips.csv',
  progress: { rows: 3, total: 3 },
  userId: 1,
};

describe('FilesPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('holds the list in place with grey rows while it loads, no spinner', async () => {
    stubFetch(() => new Promise<Response>(() => {}));
    const { container } = renderWithProviders(<FilesPage />, { route: '/files', user: userWithRole('client') });
    expect(await screen.findByRole('progressbar', { name: 'Loading files' })).toBeInTheDocument();
    expect(container.querySelector('.mantine-Loader-root')).toBeNull();
  });

  it('shows a failed list with a Retry that asks again', async () => {
    let failing = true;
    const net = stubFetch((call) =>
      call.path !== LIST
        ? jsonResponse(404, {})
        : failing
          ? jsonResponse(500, { message: 'Files are down.' })
          : jsonResponse(200, { ready: [file], in_progress: [] }),
    );
    renderWithProviders(<FilesPage />, { route: '/files', user: userWithRole('client') });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Files are down.');
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('drips.csv')).toBeInTheDocument();
    expect(net.calls.filter((c) => c.path === LIST)).toHaveLength(2);
  });

  it('says where files come from when there is none', async () => {
    stubFetch(() => jsonResponse(200, { ready: [], in_progress: [] }));
    renderWithProviders(<FilesPage />, { route: '/files', user: userWithRole('client') });
    expect(await screen.findByText('No files yet.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Exports you start here (Custom Export, above) or from a statistics screen, the Drip Manager or the Domains List appear in this list.',
      ),
    ).toBeInTheDocument();
  });
});
