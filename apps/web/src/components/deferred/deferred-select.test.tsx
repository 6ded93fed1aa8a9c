import { MantineProvider } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DeferredSelect, selectedLabel } from './deferred-select';

const data = [
  { value: 'all', label: 'All Websites' },
  { group: 'Shops', items: [{ value: '5', label: 'shop.acme.test' }, 'plain'] },
];

describe('DeferredSelect', () => {
  // React.lazy loads once per test file: the one render that sees the stand-in is this test's.
  it('shows the value read-only and marked pending at first; a click then is kept, and the Select opens and picks', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <MantineProvider env="test">
        <DeferredSelect aria-label="Website" data={data} value="5" onChange={onChange} />
      </MantineProvider>,
    );
    const pending = screen.getByRole('textbox', { name: 'Website' });
    expect(pending).toHaveValue('shop.acme.test');
    expect(pending).toHaveAttribute('readonly');
    expect(pending).toHaveAttribute('data-pending');
    fireEvent.click(pending);
    // the Select comes focused and open: the click was not lost
    const option = await screen.findByRole('option', { name: 'All Websites' });
    const select = screen.getByRole('combobox', { name: 'Website' });
    expect(select).toHaveValue('shop.acme.test');
    expect(select).toHaveFocus();
    expect(document.querySelector('[data-pending]')).toBeNull();
    await userEvent.setup().click(option);
    expect(onChange).toHaveBeenCalledWith('all', expect.objectContaining({ value: 'all' }));
  });

  it('finds the label of a value among strings, items and groups', () => {
    expect(selectedLabel(data, 'all')).toBe('All Websites');
    expect(selectedLabel(data, '5')).toBe('shop.acme.test');
    expect(selectedLabel(data, 'plain')).toBe('plain');
    expect(selectedLabel(['a', 'b'], 'b')).toBe('b');
    expect(selectedLabel(data, 'gone')).toBe('');
    expect(selectedLabel(data, null)).toBe('');
  });
});
