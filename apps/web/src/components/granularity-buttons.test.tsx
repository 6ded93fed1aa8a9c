import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DAY_MONTH_YEAR, GranularityButtons } from './granularity-buttons';

describe('GranularityButtons', () => {
  it('offers Hour, Day, Week, Month by default and reports the chosen value', async () => {
    const onChange = vi.fn();
    renderWithProviders(<GranularityButtons value="day" onChange={onChange} />);
    expect(screen.getByRole('radiogroup', { name: 'Granularity' })).toBeInTheDocument();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['hour', 'day', 'week', 'month']);
    expect(screen.getByRole('radio', { name: 'Day' })).toBeChecked();
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Week' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('week');
  });

  it('takes another set of options and moves with the arrow keys', async () => {
    const onChange = vi.fn();
    renderWithProviders(<GranularityButtons value="day" onChange={onChange} options={DAY_MONTH_YEAR} />);
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['day', 'month', 'year']);
    expect(screen.queryByRole('radio', { name: 'Hour' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    screen.getByRole('radio', { name: 'Day' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenCalledWith('month');
  });
});
