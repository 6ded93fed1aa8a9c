import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { OneValueDialog, type OneValueDialogProps } from './one-value-dialog';

function setup(props: Partial<OneValueDialogProps> = {}) {
  const onSubmit = vi.fn<OneValueDialogProps['onSubmit']>();
  const onClose = vi.fn();
  renderWithProviders(
    <OneValueDialog
      opened
      title="Rename domain"
      label="Domain name"
      submitLabel="Rename"
      onSubmit={onSubmit}
      onClose={onClose}
      {...props}
    />,
  );
  return { onSubmit, onClose, user: userEvent.setup() };
}

describe('OneValueDialog', () => {
  it('shows the title and the initial value', async () => {
    setup({ initialValue: 'example.com' });
    expect(await screen.findByRole('dialog', { name: 'Rename domain' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Domain name/)).toHaveValue('example.com');
  });

  it("shows 'Required.' and does not submit an empty value", async () => {
    const { onSubmit, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    expect(screen.getByText('Required.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Domain name/)).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/Domain name/), '   ');
    await user.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the trimmed value with Enter and clears the error while typing', async () => {
    const { onSubmit, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    const input = screen.getByLabelText(/Domain name/);
    await user.type(input, '  new.example.com ');
    expect(screen.queryByText('Required.')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('new.example.com');
  });

  it('shows loading while the returned promise is pending', async () => {
    let resolve: () => void = () => {};
    const pending = new Promise<void>((r) => {
      resolve = r;
    });
    const onSubmit = vi.fn(() => pending);
    const { user } = setup({ initialValue: 'a.com', onSubmit });
    const button = await screen.findByRole('button', { name: 'Rename' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    resolve();
    await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
  });

  it('closes on Cancel', async () => {
    const { onClose, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it.each([
    [undefined, '21.875rem'],
    [500, '31.25rem'],
  ])('is %s px wide (350 by default)', async (width, rem) => {
    setup({ width });
    const dialog = await screen.findByRole('dialog');
    // Mantine turns px into rem: 350 / 16 = 21.875, 500 / 16 = 31.25.
    expect(dialog.closest('.mantine-Modal-root')?.getAttribute('style')).toContain(`--modal-size: calc(${rem}`);
  });
});
