import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type ListParams, parseOrderBy, useListParams } from './use-list-params';

function renderListParams(url: string, defaults: Partial<ListParams> = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const params = useListParams(defaults);
      const location = useLocation();
      return { ...params, url: `${location.pathname}${location.search}` };
    },
    { wrapper },
  );
}

describe('useListParams', () => {
  it('reads page, pageLength, order_by and search from the URL', () => {
    const { result } = renderListParams('/tags?page=3&pageLength=25&order_by=name:desc&search=geo&type=adult');
    expect(result.current).toMatchObject({
      page: 3,
      pageLength: 25,
      sort: { field: 'name', dir: 'desc' },
      search: 'geo',
    });
  });

  it('falls back to the defaults for missing or malformed values', () => {
    const { result } = renderListParams('/tags?page=-1&pageLength=abc&order_by=name;drop', {
      pageLength: 50,
      sort: { field: 'id', dir: 'desc' },
    });
    expect(result.current).toMatchObject({ page: 1, pageLength: 50, sort: { field: 'id', dir: 'desc' }, search: '' });
  });

  it('writes table changes to the URL, keeps other params and drops defaults', () => {
    const { result } = renderListParams('/tags?type=adult');
    act(() => result.current.onTableChange({ page: 2, pageLength: 50, sort: { field: 'created_at', dir: 'asc' } }));
    expect(result.current.url).toBe('/tags?type=adult&page=2&pageLength=50&order_by=created_at%3Aasc');
    expect(result.current).toMatchObject({ page: 2, pageLength: 50, sort: { field: 'created_at', dir: 'asc' } });

    act(() => result.current.onTableChange({ page: 1, pageLength: 10, sort: null }));
    expect(result.current.url).toBe('/tags?type=adult');
  });

  it('a new search goes back to page 1', () => {
    const { result } = renderListParams('/tags?page=4');
    act(() => result.current.setSearch('news'));
    expect(result.current.url).toBe('/tags?search=news');
    expect(result.current).toMatchObject({ page: 1, search: 'news' });
  });

  it('keeps the same sort object while the URL value stays', () => {
    const { result } = renderListParams('/tags?order_by=name:asc');
    const first = result.current.sort;
    act(() => result.current.setParams({ page: 2 }));
    expect(result.current.sort).toBe(first);
  });
});

describe('parseOrderBy', () => {
  it('accepts field:asc|desc only', () => {
    expect(parseOrderBy('drips.id:desc')).toEqual({ field: 'drips.id', dir: 'desc' });
    expect(parseOrderBy('id:up')).toBeNull();
    expect(parseOrderBy(null)).toBeNull();
  });
});
