import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { confirmAction } from './confirm';

describe('confirmAction', () => {
  it('shows the default title and labels and resolves true on confirm', async () => {
    renderWithProviders(<div />);
    const user = userEvent.setup();
    const answer = confirmAction({ text: 'You will delete this tag.' });
    expect(await screen.findByRole('dialog', { name: 'Are you sure?' })).toBeInTheDocument();
    expect(screen.getByText('You will delete this tag.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes!' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('resolves false on cancel, with custom texts', async () => {
    renderWithProviders(<div />);
    const user = userEvent.setup();
    const answer = confirmAction({
      title: 'Delete trigger?',
      confirmLabel: 'Delete',
      cancelLabel: 'Keep',
      danger: true,
    });
    expect(await screen.findByRole('dialog', { name: 'Delete trigger?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute('style', expect.stringContaining('red'));
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    await expect(answer).resolves.toBe(false);
  });

  it('resolves false when dismissed with Escape', async () => {
    renderWithProviders(<div />);
    const user = userEvent.setup();
    const answer = confirmAction({ text: 'Sure?' });
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
  });
});
