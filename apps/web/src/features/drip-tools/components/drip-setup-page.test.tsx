import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearXsrfCookie,
  csrfCookieResponse,
  jsonResponse,
  type StubbedCall,
  stubFetch,
} from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { DripSetupPage } from './drip-setup-page';

const NOW = '2026-01-01T00:00:00.000Z';
const UA = { id: 1, name: 'Ukraine', type: 'geo' };
const DOMAINS = [
  { id: 3, url: 'https://shop.acme.test', domain_tags: [UA] },
  { id: 4, url: 'https://blog.acme.test', domain_tags: [UA] },
  { id: 5, url: 'https://news.acme.test', domain_tags: [] },
];
const AUDIENCE = { id: 9, domain_id: 3, name: 'Ukrainian <speakers>', type: 'audience', query: { filters: [] } };
const SAVED = {
  id: 11,
  domain_id: 3,
  type: 'recurring',
  title: 'Daily',
  body: 'Deals',
  url: 'https://shop.acme.test/',
  icon: null,
  customization: { ttl: 7200 },
  is_active: 1,
  created_at: NOW,
  schedules: [
    {
      ...{ id: 1, domain_id: 3, drip_id: 11, group_id: null, name: null, type: 'recurring', frequency: 'daily' },
      ...{ time: '09:00:00', timezone: 'UTC', date_start: '2026-01-01', date_end: null, days_of_week: 'monday' },
      ...{ from_when: 'subscribed', after_days: 0, after_hours: 0, after_mins: 0, choose_time: null, is_active: 1 },
      ...{ last_disp_date: null, next_disp_date: null, created_at: NOW, updated_at: NOW },
      audiences: [AUDIENCE],
    },
  ],
};

function setup(failCopy = false) {
  const network = stubFetch((call: StubbedCall) => {
    if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
    if (call.path === '/api/v1/tags')
      return jsonResponse(200, { data: [UA, { id: 2, name: 'Empty', type: 'server' }] });
    if (call.path === '/api/v1/domains/get') return jsonResponse(200, { data: DOMAINS });
    if (call.path === '/api/v1/drips/recurring/get') return jsonResponse(200, { data: [SAVED] });
    if (call.path === '/api/v1/segments/get')
      return jsonResponse(200, {
        data: call.url.searchParams.get('where[domain_id]') === '3' ? [{ ...AUDIENCE, id: 21 }] : [],
      });
    if (call.path === '/api/v1/segments') return jsonResponse(201, { data: { ...AUDIENCE, id: 22, domain_id: 5 } });
    if (call.path === '/api/v1/drips/recurring/createOrUpdate')
      return failCopy
        ? jsonResponse(422, { message: 'The selected audiences are invalid.', errors: {} })
        : jsonResponse(201, { data: [] });
    return jsonResponse(404, { message: 'Not found.' });
  });
  renderWithProviders(
    <DripSetupPage
      renderEditor={({ domainId, domainUrl, onSaved }) => (
        <button type="button" onClick={() => onSaved({ id: 11, domain_id: domainId }, false)}>
          Save on {domainUrl}
        </button>
      )}
    />,
  );
  const writes = () => network.calls.filter((c) => c.method !== 'GET');
  return { ...network, writes, user: userEvent.setup({ delay: null }) };
}

describe('DripSetupPage', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('shows tags with their websites, searchable, with a selected count', { timeout: 30_000 }, async () => {
    const { user } = setup();
    const tree = await screen.findByRole('list', { name: 'Domains' });
    expect(within(tree).getByRole('checkbox', { name: 'Ukraine (2)' })).toBeInTheDocument();
    expect(within(tree).getByRole('checkbox', { name: 'Without tags (1)' })).toBeInTheDocument();
    expect(within(tree).queryByText(/Empty/)).not.toBeInTheDocument();
    expect(screen.getByText('Pick at least one tag or website in Domains.')).toBeInTheDocument();
    await user.click(within(tree).getByRole('checkbox', { name: 'Ukraine (2)' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(within(tree).getByRole('button', { name: 'Show websites of Ukraine' }));
    await user.click(within(tree).getByRole('checkbox', { name: 'https://blog.acme.test' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    expect(within(tree).getByRole('checkbox', { name: 'Ukraine (2)' })).toHaveAttribute('data-indeterminate', 'true');
    await user.type(screen.getByRole('textbox', { name: 'Search tags and websites' }), 'news');
    expect(within(tree).getByRole('checkbox', { name: 'https://news.acme.test' })).toBeInTheDocument();
    expect(within(tree).queryByRole('checkbox', { name: 'Ukraine (2)' })).not.toBeInTheDocument();
  });

  it('creates the drip on every chosen website with an audience of the same name', { timeout: 30_000 }, async () => {
    const { writes, user } = setup();
    const tree = await screen.findByRole('list', { name: 'Domains' });
    await user.click(within(tree).getByRole('checkbox', { name: 'Ukraine (2)' }));
    await user.click(within(tree).getByRole('checkbox', { name: 'Without tags (1)' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    // The first chosen website (blog, first of the tag in url order) is the audience's website.
    await user.click(screen.getByRole('button', { name: 'Save on https://blog.acme.test' }));
    expect(
      await screen.findByText(
        'The drip was created on https://blog.acme.test, https://shop.acme.test, https://news.acme.test.',
      ),
    ).toBeInTheDocument();
    expect(writes().map((c) => c.path)).toEqual(['/api/v1/segments', '/api/v1/drips/recurring/createOrUpdate']);
    expect(writes()[0]!.body).toEqual({
      name: 'Ukrainian <speakers>',
      query: { filters: [] },
      domain_id: 5,
      type: 'audience',
    });
    const items = writes()[1]!.body as { domain_id: number; audiences: number[]; title: string }[];
    expect(items.map((i) => [i.domain_id, i.audiences, i.title])).toEqual([
      [3, [21], 'Daily'],
      [5, [22], 'Daily'],
    ]);
    // A fresh editor for the next drip.
    expect(await screen.findByRole('button', { name: 'Save on https://blog.acme.test' })).toBeInTheDocument();
  });

  it('says where the drip was created when the other websites fail', { timeout: 30_000 }, async () => {
    const { user } = setup(true);
    const tree = await screen.findByRole('list', { name: 'Domains' });
    await user.click(within(tree).getByRole('checkbox', { name: 'Ukraine (2)' }));
    await user.click(screen.getByRole('combobox', { name: 'Audience website' }));
    await user.click(await screen.findByRole('option', { name: 'https://shop.acme.test' }));
    await user.click(screen.getByRole('button', { name: 'Save on https://shop.acme.test' }));
    expect(
      await screen.findByText(
        'The drip was created on https://shop.acme.test only: The selected audiences are invalid.',
      ),
    ).toBeInTheDocument();
  });
});
