import { Box } from '@mantine/core';

export interface SkeletonBarProps {
  width?: number | string;
  height?: number;
  /** Names the placeholder for screen readers (announced as loading). */
  label?: string;
}

/**
 * A grey bar the size of a figure still loading: the card keeps its layout when the figure comes. Plain and static
 * (Mantine's Skeleton would add its code to the dashboard's first load; docs/performance.md).
 */
export function SkeletonBar({ width = '100%', height = 16, label }: SkeletonBarProps) {
  return (
    <Box
      bg="gray.1"
      style={{ width, height, borderRadius: 4, display: 'inline-block' }}
      {...(label ? { role: 'progressbar', 'aria-label': label } : { 'aria-hidden': true })}
    />
  );
}
