import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { notifyFailure, notifySuccess, showErrorPopup, showExportStarted } from './notify';

/** Advances fake time in small steps so React and Mantine transitions get to run in between. */
async function advance(ms: number) {
  for (let left = ms; left > 0; left -= 100) {
    await act(async () => {
      vi.advanceTimersByTime(Math.min(100, left));
    });
  }
}

describe('feedback', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    renderWithProviders(<div />);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows 'Success!' by default and hides it after 2.5 s", async () => {
    act(() => {
      notifySuccess();
    });
    await advance(100);
    expect(screen.getByText('Success!')).toBeInTheDocument();
    await advance(2000);
    expect(screen.getByText('Success!')).toBeInTheDocument();
    await advance(1500);
    expect(screen.queryByText('Success!')).not.toBeInTheDocument();
  });

  it("shows 'Error!' by default and a custom failure text", async () => {
    act(() => {
      notifyFailure();
      notifyFailure('Fill the required fields out!');
    });
    await advance(100);
    expect(screen.getByText('Error!')).toBeInTheDocument();
    expect(screen.getByText('Fill the required fields out!')).toBeInTheDocument();
    await advance(3500);
    expect(screen.queryByText('Error!')).not.toBeInTheDocument();
  });

  it("opens the 'Oops...' popup with the message and closes it after 3.5 s", async () => {
    act(() => {
      showErrorPopup('Domain name is taken.');
    });
    await advance(100);
    expect(screen.getByRole('dialog', { name: 'Oops...' })).toHaveTextContent('Domain name is taken.');
    await advance(3000);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await advance(1000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tells that an export started and closes after 7 s', async () => {
    act(() => {
      showExportStarted();
    });
    await advance(100);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('It can take up to 15 minutes.');
    expect(dialog).toHaveTextContent(/appear in Files/);
    await advance(6500);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await advance(1000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
