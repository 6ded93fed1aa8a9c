import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { DomainPicker } from './domain-picker';

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderPicker(route: string) {
  const network = stubFetch(() =>
    jsonResponse(200, {
      data: [
        { id: 7, url: 'https://b.example' },
        { id: 5, url: 'https://news.example' },
      ],
    }),
  );
  renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <DomainPicker />
            <Where />
          </>
        }
      />
    </Routes>,
    { route },
  );
  return { ...network, user: userEvent.setup() };
}

describe('DomainPicker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists All Websites first, then the websites from GET /v1/domains, and filters by URL text or id', async () => {
    const { calls, user } = renderPicker('/dashboard');
    const picker = await screen.findByRole('combobox', { name: 'Website' });
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/v1/domains']));
    await user.click(picker);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'All Websites',
      'https://b.example#7',
      'https://news.example#5',
    ]);
    await user.type(picker, '5');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All Websites', 'https://news.example#5']);
  });

  it("drops the list's paging when the website changes", async () => {
    const { user } = renderPicker('/dashboard/5/recurring?page=3&pageLength=25');
    const picker = await screen.findByRole('combobox', { name: 'Website' });
    await waitFor(() => expect(picker).toHaveValue('https://news.example'));
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: /b\.example/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/7$/);
  });
});
