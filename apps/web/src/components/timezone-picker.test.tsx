import { MantineProvider } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { canonicalTimezone, guessTimezone, timezoneOptions, utcOffsetLabel } from './timezone-options';
import { TimezonePicker, type TimezonePickerProps } from './timezone-picker';

function setup(props: Partial<TimezonePickerProps> = {}) {
  const onChange = vi.fn();
  // env="test": no transitions and no detached-reference check (jsdom has no layout).
  renderWithProviders(
    <MantineProvider env="test">
      <TimezonePicker onChange={onChange} {...props} />
    </MantineProvider>,
  );
  return { onChange, user: userEvent.setup() };
}

describe('TimezonePicker', () => {
  it('finds Kyiv by search and reports the IANA name', async () => {
    const { onChange, user } = setup({ value: 'UTC' });
    const input = await screen.findByRole('combobox', { name: 'Timezone' });
    expect(input).toHaveValue('UTC (UTC+00:00)');
    await user.clear(input);
    await user.type(input, 'Kyiv');
    const option = await screen.findByRole('option', { name: /^Europe\/Kyiv \(UTC\+0[23]:00\)$/ });
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await user.click(option);
    expect(onChange).toHaveBeenCalledExactlyOnceWith('Europe/Kyiv');
  });

  it('reads underscores as spaces when searching', async () => {
    const { user } = setup({ value: 'UTC' });
    const input = await screen.findByRole('combobox', { name: 'Timezone' });
    await user.clear(input);
    await user.type(input, 'new york');
    expect(await screen.findByRole('option', { name: /^America\/New_York/ })).toBeInTheDocument();
  });

  it("starts at the browser's zone", async () => {
    setup();
    expect(await screen.findByRole('combobox', { name: 'Timezone' })).toHaveValue(
      `${guessTimezone()} (${utcOffsetLabel(guessTimezone())})`,
    );
  });

  it('shows a legacy name under its current one, and the error', async () => {
    setup({ value: 'Europe/Kiev', required: true, error: 'Mandatory field' });
    expect(await screen.findByRole('combobox', { name: /Timezone/ })).toHaveValue(
      `Europe/Kyiv (${utcOffsetLabel('Europe/Kyiv')})`,
    );
    expect(screen.getByText('Mandatory field')).toBeInTheDocument();
  });
});

describe('timezone options', () => {
  it('lists UTC first, uses current names and no duplicates', () => {
    const values = timezoneOptions().map((o) => o.value);
    expect(values[0]).toBe('UTC');
    expect(values).toContain('Europe/Kyiv');
    expect(values).toContain('Asia/Kolkata');
    expect(values).not.toContain('Europe/Kiev');
    expect(new Set(values).size).toBe(values.length);
    expect(canonicalTimezone('Asia/Calcutta')).toBe('Asia/Kolkata');
  });

  it('labels offsets as UTC±HH:MM', () => {
    expect(utcOffsetLabel('UTC')).toBe('UTC+00:00');
    expect(utcOffsetLabel('Asia/Kolkata')).toBe('UTC+05:30');
    expect(utcOffsetLabel('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe('UTC-05:00');
  });
});
