import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SkeletonBar } from './skeleton-bar';

describe('SkeletonBar', () => {
  it('holds the size of what is loading and, named, says it is loading', () => {
    renderWithProviders(<SkeletonBar width={40} height={16} label="Loading" />);
    const bar = screen.getByRole('progressbar', { name: 'Loading' });
    expect(bar).toHaveStyle({ width: '40px', height: '16px' });
  });

  it('stays out of the accessibility tree without a name', () => {
    renderWithProviders(<SkeletonBar />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
