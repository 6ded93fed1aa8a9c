import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SEARCH_DEBOUNCE_MS, SearchInput } from './search-input';

afterEach(() => vi.useRealTimers());

/** The URL's search, moved by Back. */
function Harness() {
  const [value, setValue] = useState('first');
  return (
    <>
      <SearchInput value={value} onSearch={setValue} placeholder="Search" />
      <button type="button" onClick={() => setValue('second')}>
        Back
      </button>
    </>
  );
}

describe('SearchInput', () => {
  it('reports the search once typing pauses, not at every keystroke', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    renderWithProviders(<SearchInput value="" onSearch={onSearch} placeholder="Search by name" />);
    const box = screen.getByRole('textbox', { name: 'Search' });
    expect(box).toHaveAttribute('placeholder', 'Search by name');
    fireEvent.change(box, { target: { value: 'V' } });
    fireEvent.change(box, { target: { value: 'VIP' } });
    expect(box).toHaveValue('VIP');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    expect(onSearch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('VIP');
  });

  it('clears with the Clear search button, which shows only while there is text', async () => {
    const onSearch = vi.fn();
    renderWithProviders(<SearchInput value="news" onSearch={onSearch} placeholder="Search" />);
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('news');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('reports every keystroke at once with debounceMs 0', async () => {
    const onSearch = vi.fn();
    renderWithProviders(<SearchInput value="" onSearch={onSearch} placeholder="Search" debounceMs={0} />);
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Search' }), 'ab');
    expect(onSearch.mock.calls).toEqual([['a'], ['ab']]);
  });

  it('shows a search changed from outside (back/forward)', async () => {
    renderWithProviders(<Harness />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('second');
  });
});
