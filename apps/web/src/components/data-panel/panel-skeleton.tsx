import { Skeleton, Stack } from '@mantine/core';

export interface PanelSkeletonProps {
  /** Grey bars standing in for the content (as many as the content has lines, so nothing jumps when it comes). */
  lines?: number;
  /** Height of each bar in px. */
  height?: number;
  label?: string;
}

/** A data panel's placeholder while its query loads: bars of the content's size instead of a spinner. */
export function PanelSkeleton({ lines = 3, height = 16, label = 'Loading' }: PanelSkeletonProps) {
  return (
    <Stack gap="xs" role="progressbar" aria-label={label} aria-busy>
      {Array.from({ length: lines }, (_, i) => (
        // the last bar shorter, as the end of a paragraph
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder bars have no identity
        <Skeleton key={i} height={height} width={i === lines - 1 && lines > 1 ? '60%' : '100%'} radius="sm" />
      ))}
    </Stack>
  );
}
