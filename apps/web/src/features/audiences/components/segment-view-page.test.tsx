import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type StubbedCall } from '@/lib/api/testing/fetch-stub';
import { page, renderAudiences, segment, subscriber } from '../testing/audience-fixtures';

const QUERY = {
  filters: [
    { device: { type: 'and', operator: '=', values: ['desktop'] } },
    { browser: { type: 'and', operator: 'contains', values: ['Chrome'] } },
  ],
};

function answer(call: StubbedCall) {
  if (call.path === '/api/v1/segments/get') {
    const type = call.url.searchParams.get('where[type]');
    return jsonResponse(200, { data: [segment(9, 'Desktop Chrome', { type, query: QUERY })] });
  }
  if (call.path === '/api/v1/segments/executeQueryField/9') return jsonResponse(200, { data: 12, is_estimate: false });
  if (call.path === '/api/v1/segments/9/subscribers') {
    return page([subscriber(31), subscriber(30, { subscription_url: null })], 12);
  }
  if (call.path === '/api/v1/segments/9/xlsx') {
    return new Response(new Blob(['PK']), {
      status: 200,
      headers: {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="Desktop Chrome.xlsx"; filename*=UTF-8''Desktop%20Chrome.xlsx`,
      },
    });
  }
  return undefined;
}

describe('Segment or audience detail', { timeout: 15_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("in Audience mode: the query, its count, a link back, 'All Audience' and the rows", async () => {
    const { calls } = renderAudiences('/dashboard/5/audience-creator/view/9', answer);
    expect(await screen.findByRole('heading', { name: 'Desktop Chrome' })).toBeInTheDocument();
    const get = calls.find((c) => c.path === '/api/v1/segments/get')!;
    expect(Object.fromEntries(get.url.searchParams)).toEqual({
      order_by: 'id:desc',
      'where[id]': '9',
      'where[domain_id]': '5',
      'where[type]': 'audience',
    });
    expect(screen.getByText('Device = desktop and Browser contains Chrome')).toBeInTheDocument();
    expect(await screen.findByText('12')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Audience Creator' })).toHaveAttribute(
      'href',
      '/dashboard/5/audience-creator',
    );
    expect(screen.getByRole('link', { name: 'All Audience' })).toHaveAttribute(
      'href',
      '/dashboard/5/more-info-subs?type=audience&seg_id=9',
    );
    const table = screen.getByRole('table', { name: 'Subscribers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Id', 'Website Id', 'Subscription Url', 'Last Url Visited']);
    expect(await within(table).findAllByText('w-abc')).toHaveLength(2);
    const list = calls.find((c) => c.path === '/api/v1/segments/9/subscribers')!;
    expect(Object.fromEntries(list.url.searchParams)).toEqual({
      paginate: 'true',
      pageLength: '10',
      page: '1',
      order_by: 'id:desc',
    });
    expect(
      within(table).getByRole('button', { name: 'Click To Reveal Subscription Url of subscriber 31' }),
    ).toBeInTheDocument();
    expect(
      within(table).getByRole('button', { name: 'Click To Reveal Last Url Visited of subscriber 30' }),
    ).toBeInTheDocument();
  });

  it("in Segment mode: 'All Segments' and a link back to Manual Segmentation", async () => {
    const { calls } = renderAudiences('/dashboard/5/manual-segmentation/view/9', answer);
    expect(await screen.findByRole('link', { name: 'All Segments' })).toHaveAttribute(
      'href',
      '/dashboard/5/more-info-subs?type=segment&seg_id=9',
    );
    expect(screen.getByRole('link', { name: 'Back to Manual Segmentation' })).toHaveAttribute(
      'href',
      '/dashboard/5/manual-segmentation',
    );
    expect(calls.find((c) => c.path === '/api/v1/segments/get')!.url.searchParams.get('where[type]')).toBe('segment');
  });

  it("'Upload as XLSX' downloads the workbook under the server's file name", async () => {
    const created = vi.fn((_: Blob) => 'blob:xlsx');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    const { calls, user } = renderAudiences('/dashboard/5/audience-creator/view/9', answer);
    await user.click(await screen.findByRole('button', { name: 'Upload as XLSX' }));
    await waitFor(() => expect(clicks).toEqual(['Desktop Chrome.xlsx']));
    expect(calls.filter((c) => c.path === '/api/v1/segments/9/xlsx')).toHaveLength(1);
    expect(created.mock.calls[0]?.[0]).toBeInstanceOf(Blob);
    click.mockRestore();
  });

  it('says so when the segment does not exist', async () => {
    renderAudiences('/dashboard/5/audience-creator/view/9', (call) =>
      call.path === '/api/v1/segments/get' ? jsonResponse(200, { data: [] }) : undefined,
    );
    expect(await screen.findByText('Audience not found.')).toBeInTheDocument();
  });

  it('holds the name and the filter in place with grey bars while the segment loads, no spinner', async () => {
    renderAudiences('/dashboard/5/audience-creator/view/9', (call) =>
      call.path === '/api/v1/segments/get' ? new Promise<Response>(() => {}) : undefined,
    );
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(document.querySelector('.mantine-Loader-root')).toBeNull();
  });

  it('shows a segment that could not be loaded with a Retry that asks again', async () => {
    let failing = true;
    const { calls, user } = renderAudiences('/dashboard/5/audience-creator/view/9', (call) =>
      failing && call.path === '/api/v1/segments/get'
        ? jsonResponse(500, { message: 'Segments are down.' })
        : answer(call),
    );
    const alert = (await screen.findByText('Segments are down.')).closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('the message is not in an alert');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Desktop Chrome' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/v1/segments/get')).toHaveLength(2);
  });
});
