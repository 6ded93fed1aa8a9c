import { SUBSCRIBER_COLUMNS, SUBSCRIBER_MSG } from '@pushdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearXsrfCookie, jsonResponse, type StubbedCall } from '@/lib/api/testing/fetch-stub';
import { page, renderAudiences, segment, subscriber } from '../testing/audience-fixtures';

const ALL = Array.from({ length: 23 }, (_, i) => subscriber(123 - i));

function answer(call: StubbedCall) {
  if (call.path === '/api/v1/subscribers') {
    const p = Number(call.url.searchParams.get('page'));
    const size = Number(call.url.searchParams.get('pageLength'));
    return page(ALL.slice((p - 1) * size, p * size), ALL.length, p, size);
  }
  if (call.method === 'PUT' && call.path === '/api/v1/subscribers/123') {
    return jsonResponse(200, { data: { ...ALL[0], ...(call.body as object) } });
  }
  if (call.path === '/api/v1/segments/get') return jsonResponse(200, { data: [segment(9, 'Desktop fans')] });
  return undefined;
}

const table = () => screen.getByRole('table', { name: 'Subscribers' });

describe('Subscriber list (More Info Subs)', { timeout: 15_000 }, () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it("pages a segment's subscribers 10 at a time, newest first, in the spec's 15 columns, first three sticky", async () => {
    const { calls, user } = renderAudiences('/dashboard/5/more-info-subs?type=audience&seg_id=9', answer);
    expect(await screen.findByText('sub-123')).toBeInTheDocument();
    const first = calls.find((c) => c.path === '/api/v1/subscribers')!;
    expect(Object.fromEntries(first.url.searchParams)).toEqual({
      'where[domain_id]': '5',
      seg_id: '9',
      paginate: 'true',
      pageLength: '10',
      page: '1',
      order_by: 'id:desc',
    });
    const headers = within(table()).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(SUBSCRIBER_COLUMNS.map((c) => c.label));
    expect(headers.map((h) => h.style.position)).toEqual([...Array(3).fill('sticky'), ...Array(12).fill('')]);
    expect(within(table()).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await within(crumbs).findByRole('link', { name: 'Desktop fans' })).toHaveAttribute(
      'href',
      '/dashboard/5/audience-creator/view/9',
    );
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('sub-101')).toBeInTheDocument();
    expect(within(table()).getAllByRole('row')).toHaveLength(4);
  });

  it('reveals Last Url Visited on click, checks and saves it inline, and copies with Copied!', async () => {
    const { calls, user } = renderAudiences('/dashboard/5/more-info-subs', answer);
    await screen.findByText('sub-123');
    expect(screen.queryByDisplayValue('https://news.example/page-123')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Click To Reveal Last Url Visited of subscriber 123' }));
    const input = screen.getByRole('textbox', { name: 'Last Url Visited of subscriber 123' });
    expect(input).toHaveValue('https://news.example/page-123');

    await user.click(screen.getByRole('button', { name: 'Copy Last Url Visited of subscriber 123' }));
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('https://news.example/page-123');

    await user.clear(input);
    await user.paste('javascript:alert(1)');
    await user.keyboard('{Enter}');
    expect(screen.getByText(SUBSCRIBER_MSG.url)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(input);
    await user.paste('https://news.example/checkout');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Successfully!')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect([put.path, put.body]).toEqual([
      '/api/v1/subscribers/123',
      { last_url_visited: 'https://news.example/checkout' },
    ]);
  });

  it("clears a URL when the box is emptied, and shows the server's 422 message under the box", async () => {
    const { calls, user } = renderAudiences('/dashboard/5/more-info-subs', (call) =>
      call.method === 'PUT'
        ? jsonResponse(422, { message: 'The URL is taken.', errors: { last_url_visited: ['The URL is taken.'] } })
        : answer(call),
    );
    await screen.findByText('sub-123');
    await user.click(screen.getByRole('button', { name: 'Click To Reveal Last Url Visited of subscriber 123' }));
    const input = screen.getByRole('textbox', { name: 'Last Url Visited of subscriber 123' });
    await user.clear(input);
    await user.keyboard('{Enter}');
    expect(await screen.findAllByText('The URL is taken.')).not.toHaveLength(0);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ last_url_visited: null });
    await user.type(input, 'h');
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the values read-only without audience_edit (viewer)', async () => {
    const { user } = renderAudiences('/dashboard/5/more-info-subs', answer, 'viewer');
    await screen.findByText('sub-123');
    await user.click(screen.getByRole('button', { name: 'Click To Reveal Last Url Visited of subscriber 122' }));
    expect(screen.getByText('https://news.example/page-122')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Last Url Visited of subscriber 122' })).toBeNull();
  });

  it('says so when the website has no subscribers', async () => {
    renderAudiences('/dashboard/5/more-info-subs', (call) =>
      call.path === '/api/v1/subscribers' ? page([], 0) : undefined,
    );
    await waitFor(() => expect(screen.getByText('No subscribers yet.')).toBeInTheDocument());
  });
});
