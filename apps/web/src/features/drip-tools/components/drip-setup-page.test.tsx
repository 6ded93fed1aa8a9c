import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearXsrfCookie,
  csrfCookieResponse,
  jsonResponse,
  type StubbedCall,
  stubFetch,
} from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { DripSetupPage, type SetupEditorProps } from './drip-setup-page';

const NOW = '2026-01-01T00:00:00.000Z';
const UA = { id: 1, name: 'Ukraine', type: 'geo' };
const DOMAINS = [
  { id: 3, url: 'https://shop.acme.test', domain_tags: [UA] },
  { id: 4, url: 'https://blog.acme.test', domain_tags: [UA] },
  { id: 5, url: 'https://news.acme.test', domain_tags: [] },
];
const saved = (id: number, domain_id: number) => ({
  ...{ id, domain_id, group_id: null, drip_number: 1, type: 'recurring', title: 'Daily', body: 'Deals' },
  ...{ url: 'https://shop.acme.test/', icon: null, event: null, customization: { ttl: 7200 }, meta: {} },
  ...{ offset: 0, sended: 0, delivered: 0, clicked: 0, is_active: 1, external: 0 },
  ...{ created_at: NOW, updated_at: NOW, deleted_at: null },
});

// A stand-in for the recurring editor: saves through the page's call and shows a refusal as the editor does.
function Editor({ domainId, domainUrl, save, onSaved }: SetupEditorProps) {
  const [error, setError] = useState('');
  const click = () =>
    save({ domain_id: domainId, title: 'Daily', is_active: 1 }).then(
      (drips) => onSaved(drips[0]!, false),
      (e: Error) => setError(e.message),
    );
  return (
    <>
      <button type="button" onClick={() => void click()}>
        Save on {domainUrl}
      </button>
      {error && <p role="alert">{error}</p>}
    </>
  );
}

function setup(failSetup = false) {
  const network = stubFetch((call: StubbedCall) => {
    if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
    if (call.path === '/api/v1/tags')
      return jsonResponse(200, { data: [UA, { id: 2, name: 'Empty', type: 'server' }] });
    if (call.path === '/api/v1/domains/get') return jsonResponse(200, { data: DOMAINS });
    if (call.path === '/api/v1/drips/recurring/setup') {
      if (failSetup) return jsonResponse(404, { message: 'Website not found.' });
      const body = call.body as { drip: { domain_id: number }; domain_ids: number[] };
      const ids = [body.drip.domain_id, ...body.domain_ids];
      return jsonResponse(201, { data: ids.map((d, i) => saved(11 + i, d)) });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  renderWithProviders(<DripSetupPage renderEditor={(props) => <Editor {...props} />} />);
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

  it('creates the drip on every chosen website in one call, then offers a fresh editor', {
    timeout: 30_000,
  }, async () => {
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
    expect(writes().map((c) => [c.path, c.body])).toEqual([
      ['/api/v1/drips/recurring/setup', { drip: { domain_id: 4, title: 'Daily', is_active: 1 }, domain_ids: [3, 5] }],
    ]);
    // A fresh editor for the next drip.
    expect(await screen.findByRole('button', { name: 'Save on https://blog.acme.test' })).toBeInTheDocument();
  });

  it('sends the audience website picked, and claims nothing when the call is refused', {
    timeout: 30_000,
  }, async () => {
    const { writes, user } = setup(true);
    const tree = await screen.findByRole('list', { name: 'Domains' });
    await user.click(within(tree).getByRole('checkbox', { name: 'Ukraine (2)' }));
    await user.click(screen.getByRole('combobox', { name: 'Audience website' }));
    await user.click(await screen.findByRole('option', { name: 'https://shop.acme.test' }));
    await user.click(screen.getByRole('button', { name: 'Save on https://shop.acme.test' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Website not found.');
    expect(writes().map((c) => c.body)).toEqual([
      { drip: { domain_id: 3, title: 'Daily', is_active: 1 }, domain_ids: [4] },
    ]);
    expect(screen.queryByText(/The drip was created on/)).not.toBeInTheDocument();
  });

  it('holds the Domains in place with grey bars while they load, and retries what failed', async () => {
    let domains: 'wait' | 'fail' | 'ok' = 'wait';
    const answer = (call: StubbedCall) => {
      if (call.path === '/api/v1/tags') return jsonResponse(200, { data: [UA] });
      if (call.path !== '/api/v1/domains/get') return jsonResponse(404, { message: 'Not found.' });
      if (domains === 'wait') return new Promise<Response>(() => {});
      return domains === 'fail'
        ? jsonResponse(500, { message: 'Domains are down.' })
        : jsonResponse(200, { data: DOMAINS });
    };
    stubFetch(answer);
    const first = renderWithProviders(<DripSetupPage renderEditor={(props) => <Editor {...props} />} />);
    expect(await screen.findByRole('progressbar', { name: 'Loading websites' })).toBeInTheDocument();
    expect(document.querySelector('.mantine-Loader-root')).toBeNull();
    first.unmount();

    domains = 'fail';
    const network = stubFetch(answer);
    renderWithProviders(<DripSetupPage renderEditor={(props) => <Editor {...props} />} />);
    const alert = (await screen.findByText('Domains are down.')).closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('the message is not in an alert');
    domains = 'ok';
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Domains' })).toBeInTheDocument();
    expect(network.calls.filter((c) => c.path === '/api/v1/domains/get')).toHaveLength(2);
    expect(network.calls.filter((c) => c.path === '/api/v1/tags')).toHaveLength(1);
  });
});
