import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler } from '@/lib/api';
import { clearXsrfCookie, jsonResponse, type StubbedCall } from '@/lib/api/testing/fetch-stub';
import { renderAudiences, segment } from '../testing/audience-fixtures';

const MANY = Array.from({ length: 12 }, (_, i) => segment(40 - i, `Audience ${40 - i}`));
const COUNTS: Record<number, number> = { 40: 1234, 39: 7 };

function answer(list = MANY) {
  return (call: StubbedCall) => {
    if (call.path === '/api/v1/segments/get') return jsonResponse(200, { data: list });
    const count = /^\/api\/v1\/segments\/executeQueryField\/(\d+)$/.exec(call.path);
    if (count) return jsonResponse(200, { data: COUNTS[Number(count[1])] ?? 3, is_estimate: false });
    return undefined;
  };
}

const table = () => screen.getByRole('table', { name: 'Audiences' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

describe('Audience Creator', { timeout: 15_000 }, () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('lists the audiences newest first with their counts (short above 999), 10 per page', async () => {
    const { calls, user } = renderAudiences('/dashboard/5/audience-creator', answer());
    expect(await screen.findByText('Audience 40')).toBeInTheDocument();
    const list = calls.find((c) => c.path === '/api/v1/segments/get')!;
    expect(Object.fromEntries(list.url.searchParams)).toEqual({
      'where[domain_id]': '5',
      'where[type]': 'audience',
      'where[is_system]': '0',
      order_by: 'id:desc',
      limit: '1000',
      offset: '0',
    });
    expect(bodyRows()).toHaveLength(10);
    const first = within(bodyRows()[0]!);
    expect(await first.findByText('1.2k')).toHaveAttribute('title', '1234 subscribers');
    expect(await within(bodyRows()[1]!).findByText('7')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Visualize Audience 40' })).toHaveAttribute(
      'href',
      '/dashboard/5/audience-creator/view/40',
    );
    expect(first.getByRole('link', { name: 'Edit Audience 40' })).toHaveAttribute(
      'href',
      '/dashboard/5/audience-creator/edit/40',
    );
    expect(screen.getByRole('link', { name: /Create Audience/ })).toHaveAttribute(
      'href',
      '/dashboard/5/audience-creator/create',
    );
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Audience 29')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(2);
  });

  it('sends the search to the server and offers page sizes 10, 25, 50', async () => {
    const { calls, user } = renderAudiences('/dashboard/5/audience-creator', answer());
    await screen.findByText('Audience 40');
    const sizes = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', '50']);
    await user.selectOptions(sizes, '25');
    expect(bodyRows()).toHaveLength(12);
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'VIP');
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/v1/segments/get' && c.url.searchParams.get('search') === 'VIP')).toBe(
        true,
      ),
    );
  });

  it('hides Create, Edit and Delete without audience_create / audience_edit (viewer)', async () => {
    renderAudiences('/dashboard/5/audience-creator', answer(), 'viewer');
    await screen.findByText('Audience 40');
    expect(screen.getByRole('link', { name: 'Visualize Audience 40' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Create Audience/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit Audience 40' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Audience 40' })).toBeNull();
  });

  it('deletes after confirmation, and shows the in-use refusal as the server wrote it', async () => {
    const uninstall = setSessionExpiredHandler(() => undefined);
    const refusal = 'This audience is used by the active schedule of "Weekly" (#3). Deactivate or change it first.';
    const base = answer();
    const { calls, user } = renderAudiences('/dashboard/5/audience-creator', (call) => {
      if (call.method === 'DELETE' && call.path === '/api/v1/segments/40') {
        return jsonResponse(422, { message: refusal, errors: { id: [refusal] } });
      }
      if (call.method === 'DELETE') return jsonResponse(200, { data: { id: 39, detached_schedule_ids: [] } });
      return base(call);
    });
    const deletes = () => calls.filter((c) => c.method === 'DELETE');
    await user.click(await screen.findByRole('button', { name: 'Delete Audience 39' }));
    let confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(deletes()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Audience 39' }));
    confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText(/You will delete the audience "Audience 39"/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The audience has been deleted!')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Audience 40' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }),
    );
    const oops = await screen.findByRole('dialog', { name: 'Oops...' });
    expect(within(oops).getByText(refusal)).toBeInTheDocument();
    expect(deletes().map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /api/v1/segments/39',
      'DELETE /api/v1/segments/40',
    ]);
    uninstall();
  });

  it('is Manual Segmentation on its own path: segments, and Create Segment', async () => {
    const { calls } = renderAudiences(
      '/dashboard/5/manual-segmentation',
      answer([segment(8, 'Returning <b>readers</b>', { type: 'segment' })]),
    );
    expect(await screen.findByRole('heading', { name: 'Manual Segmentation' })).toBeInTheDocument();
    // user text is text, never markup
    expect(await screen.findByText('Returning <b>readers</b>')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/v1/segments/get')!.url.searchParams.get('where[type]')).toBe('segment');
    expect(screen.getByRole('link', { name: /Create Segment/ })).toHaveAttribute(
      'href',
      '/dashboard/5/audience-creator/create?type=segment',
    );
    expect(screen.getByRole('link', { name: 'Visualize Returning <b>readers</b>' })).toHaveAttribute(
      'href',
      '/dashboard/5/manual-segmentation/view/8',
    );
    // each list links to the other, so neither kind is out of reach
    expect(screen.getByRole('link', { name: 'Audience Creator' })).toHaveAttribute(
      'href',
      '/dashboard/5/audience-creator',
    );
  });

  it('links Audience Creator to Manual Segmentation', async () => {
    renderAudiences('/dashboard/5/audience-creator', answer([]));
    expect(await screen.findByRole('heading', { name: 'Audience Creator' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manual Segmentation' })).toHaveAttribute(
      'href',
      '/dashboard/5/manual-segmentation',
    );
  });

  it('says so when there is nothing', async () => {
    renderAudiences('/dashboard/5/audience-creator', answer([]));
    expect(await screen.findByText('No audience created.')).toBeInTheDocument();
  });

  it('shows a failed load', async () => {
    const uninstall = setSessionExpiredHandler(() => undefined);
    renderAudiences('/dashboard/6/audience-creator', (call) =>
      call.path === '/api/v1/segments/get' ? jsonResponse(500, { message: 'Server Error' }) : undefined,
    );
    expect((await screen.findByText('Server Error')).closest('[role="alert"]')).not.toBeNull();
    uninstall();
  });
});
