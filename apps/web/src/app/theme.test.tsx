import { MantineProvider, Modal } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('theme', () => {
  it("names a dialog's close button (an icon alone has no name for a screen reader)", async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Modal opened onClose={() => {}} title="Create tag">
          body
        </Modal>
      </MantineProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Create tag' });
    expect(within(dialog).getByRole('button', { name: 'Close dialog' })).toBeInTheDocument();
  });
});
