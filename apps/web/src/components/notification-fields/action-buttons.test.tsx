import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ActionButtons } from './action-buttons';

function Harness() {
  const [enabled, setEnabled] = useState(false);
  const [count, setCount] = useState<1 | 2>(1);
  return (
    <ActionButtons
      enabled={enabled}
      onEnabledChange={setEnabled}
      count={count}
      onCountChange={setCount}
      renderButton={(n) => <input aria-label={`Button ${n} title`} />}
    />
  );
}

describe('ActionButtons', () => {
  it('shows one button once ticked, two after 2 Buttons, none once unticked', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />);
    expect(screen.queryByRole('textbox', { name: 'Button 1 title' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Action Buttons' }));
    expect(screen.getByRole('textbox', { name: 'Button 1 title' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Button 2 title' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '2 Buttons' }));
    expect(screen.getByRole('textbox', { name: 'Button 2 title' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Action Buttons' }));
    expect(screen.queryByRole('textbox', { name: 'Button 1 title' })).not.toBeInTheDocument();
  });
});
