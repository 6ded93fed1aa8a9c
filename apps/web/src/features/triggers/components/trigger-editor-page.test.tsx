import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearXsrfCookie, jsonResponse } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { storedTrigger, triggerNetwork } from '../testing/trigger-network';
import { TriggerEditorPage } from './trigger-editor-page';

const STORED = storedTrigger(7, 'signup', {
  title: 'Welcome aboard',
  body: 'Thanks for joining',
  url: 'https://shop.example/welcome',
  icon: 'https://cdn.example/icon.png',
  customization: {
    requireInteraction: false,
    ttl: 7200,
    image: 'https://cdn.example/big.jpg',
    button1: { title: 'Open' },
  },
  meta: { delay: 2500 },
  is_active: 0,
});

function renderEditor(triggerId = 7) {
  const network = triggerNetwork([STORED]);
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/:id/triggers/edit/:trigger_id" element={<TriggerEditorPage />} />
      <Route path="/dashboard/:id/triggers" element={<p>Back on the list</p>} />
    </Routes>,
    { route: `/dashboard/5/triggers/edit/${triggerId}` },
  );
  return { ...network, user: userEvent.setup() };
}

describe('TriggerEditorPage', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('shows a spinner for at least 1 s, then the form prefilled from the stored trigger', async () => {
    const { calls } = renderEditor();
    const shownAt = Date.now();
    expect(screen.getByText('Loading the triggered notification…')).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 3000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(900);
    expect(name).toHaveValue('signup');
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveValue('Thanks for joining');
    expect(screen.getByRole('checkbox', { name: 'Add Large Image' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Button 1 title' })).toHaveValue('Open');
    expect(screen.getByRole('textbox', { name: /^Fire notification after/ })).toHaveValue('2 500');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeInTheDocument();
    const read = calls.find((c) => c.path === '/api/v1/drips/trigger/get')?.url.searchParams;
    expect([read?.get('where[domain_id]'), read?.get('where[id]')]).toEqual(['5', '7']);
  });

  it('requires url and message, then saves the whole trigger with PUT and returns to the list after 1.6 s', async () => {
    const { calls, user } = renderEditor();
    const url = await screen.findByRole('textbox', { name: /^Url/ }, { timeout: 3000 });
    await user.clear(url);
    await user.clear(screen.getByRole('textbox', { name: /^Message/ }));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(url).toHaveAccessibleDescription(/Required\./));
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveAccessibleDescription(/Required\./);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(url, 'https://shop.example/new');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'New message');
    await user.click(screen.getByRole('checkbox', { name: 'Add Large Image' }));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/v1/drips/7');
    expect(put?.body).toEqual({
      domain_id: 5,
      type: 'trigger',
      event: 'signup',
      title: 'Welcome aboard',
      body: 'New message',
      url: 'https://shop.example/new',
      icon: 'https://cdn.example/icon.png',
      customization: { requireInteraction: false, ttl: 7200, button1: { title: 'Open' } },
      meta: { delay: 2500 },
      is_active: 0,
    });
    // 'Successfully!' first, the list only after a pause
    await screen.findByText(/^Successfully! Returning to the list/);
    expect(screen.queryByText('Back on the list')).toBeNull();
    expect(await screen.findByText('Back on the list', {}, { timeout: 3000 })).toBeInTheDocument();
  }, 15_000);

  it('says so when the trigger is not on this website', async () => {
    renderEditor(99);
    expect(
      await screen.findByText('This triggered notification was not found on this website.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Triggered Notifications' })).toHaveAttribute(
      'href',
      '/dashboard/5/triggers',
    );
  });

  it('shows a trigger that could not be loaded with a Retry that asks again', async () => {
    let failing = true;
    const { calls } = triggerNetwork([STORED], {
      override: (call) =>
        failing && call.path === '/api/v1/drips/trigger/get' ? jsonResponse(500, { message: 'Down.' }) : undefined,
    });
    renderWithProviders(
      <Routes>
        <Route path="/dashboard/:id/triggers/edit/:trigger_id" element={<TriggerEditorPage />} />
      </Routes>,
      { route: '/dashboard/5/triggers/edit/7' },
    );
    const alert = (await screen.findByText('Down.')).closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('the message is not in an alert');
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 3000 })).toHaveValue('signup');
    expect(calls.filter((c) => c.path === '/api/v1/drips/trigger/get')).toHaveLength(2);
  });
});
