import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { renderWithProviders } from '@/test/render';
import { IfAllowed } from './if-allowed';

function Controls() {
  return (
    <>
      <IfAllowed action="drips.write">
        <button type="button">Create Welcome Drip</button>
      </IfAllowed>
      <IfAllowed action="domains.delete" fallback={<span>Only the owner deletes websites</span>}>
        <button type="button">Delete website</button>
      </IfAllowed>
      <IfAllowed action="drips.read">
        <a href="/dashboard/1/welcome">Welcome Drips</a>
      </IfAllowed>
    </>
  );
}

describe('IfAllowed', () => {
  it('shows a viewer what it may read, and none of the writes', () => {
    renderWithProviders(<Controls />, { user: userWithRole('viewer') });
    expect(screen.getByRole('link', { name: 'Welcome Drips' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Only the owner deletes websites')).toBeInTheDocument();
  });

  it('shows role user the drip writes but not deleting a website; the client both', () => {
    const { unmount } = renderWithProviders(<Controls />, { user: userWithRole('user') });
    expect(screen.getByRole('button', { name: 'Create Welcome Drip' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete website' })).toBeNull();
    unmount();
    renderWithProviders(<Controls />, { user: userWithRole('client') });
    expect(screen.getByRole('button', { name: 'Create Welcome Drip' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete website' })).toBeInTheDocument();
  });

  it('shows nothing while nobody is signed in', () => {
    renderWithProviders(<Controls />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
