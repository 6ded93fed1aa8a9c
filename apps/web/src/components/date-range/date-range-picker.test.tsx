import { MantineProvider } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DateRangeInput as DateRangePicker } from './date-range-input';
import { type DateRangePickerProps, DateRangePicker as LazyDateRangePicker } from './date-range-picker';

function setup(props: Partial<DateRangePickerProps> = {}) {
  const onChange = vi.fn();
  // env="test": Mantine skips transitions and the detached-reference check jsdom (no layout) would trip.
  renderWithProviders(
    <MantineProvider env="test">
      <DateRangePicker value={[null, null]} onChange={onChange} label="Period" {...props} />
    </MantineProvider>,
  );
  return { onChange, user: userEvent.setup() };
}

describe('DateRangePicker', () => {
  beforeEach(() => {
    // Only the clock is fake: "today" is 2026-03-15, timers stay real for the dropdown transitions.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 15, 12, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers the presets and a preset gives a full range', async () => {
    const { onChange, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Period' }));
    for (const label of ['Today', 'Yesterday', 'Last 7 days', 'This month', 'Last month', 'Last 30 days']) {
      expect(await screen.findByRole('button', { name: label })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Yesterday' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith([new Date(2026, 2, 14), new Date(2026, 2, 14)]);
  });

  it('clamps a preset into the allowed range (2 months back by default)', async () => {
    const { onChange, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Period' }));
    await user.click(await screen.findByRole('button', { name: 'Last 3 months' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith([new Date(2026, 0, 15), new Date(2026, 2, 15)]);
  });

  it('calls onChange only when both ends are picked, and not after today', async () => {
    const { onChange, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Period' }));
    expect(await screen.findByRole('button', { name: '16 March 2026' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '2 March 2026' }));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '9 March 2026' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith([new Date(2026, 2, 2), new Date(2026, 2, 9)]);
  });

  it('shows the chosen range as YYYY-MM-DD', () => {
    setup({ value: [new Date(2026, 1, 1), new Date(2026, 1, 28)] });
    expect(screen.getByRole('button', { name: 'Period' })).toHaveTextContent('2026-02-01 – 2026-02-28');
  });

  it("says 'Field is required.' when a required picker is left without a range", async () => {
    const { user } = setup({ required: true });
    expect(screen.queryByText('Field is required.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Period/ }));
    await screen.findByRole('button', { name: 'Today' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByText('Field is required.')).toBeInTheDocument());
  });

  it('(as screens load it) shows the range at once, marked pending, then the picker itself', async () => {
    const onChange = vi.fn();
    const { container } = renderWithProviders(
      <MantineProvider env="test">
        <LazyDateRangePicker value={[new Date(2026, 1, 1), new Date(2026, 1, 28)]} onChange={onChange} label="Period" />
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Period' })).toHaveTextContent('2026-02-01 – 2026-02-28');
    expect(container.querySelector('[data-pending]')).not.toBeNull();
    await waitFor(() => expect(container.querySelector('[data-pending]')).toBeNull());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Period' }));
    expect(await screen.findByRole('button', { name: 'Last 7 days' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Period' })).toHaveTextContent('2026-02-01 – 2026-02-28');
  });
});
