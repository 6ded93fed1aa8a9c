import type { CSSProperties } from 'react';

/** Width assumed for a sticky column that has none. */
export const DEFAULT_STICKY_WIDTH = 120;

export interface StickyColumnInput {
  sticky?: boolean;
  width?: number;
  minWidth?: number;
  /** A sticky column without a fixed width: only as the last sticky one (no column's `left` depends on it). */
  fluid?: boolean;
}

/**
 * Styles that keep sticky columns in place: each one's `left` is the sum of the widths of the columns
 * before it. Non-sticky columns get only their width. The last sticky column draws a divider.
 */
export function stickyStyles(columns: StickyColumnInput[]): CSSProperties[] {
  const lastSticky = columns.findLastIndex((column) => column.sticky);
  let left = 0;
  return columns.map((column, index) => {
    const width = column.width ?? (column.sticky && !column.fluid ? DEFAULT_STICKY_WIDTH : undefined);
    const size: CSSProperties =
      width !== undefined
        ? { width, minWidth: width, maxWidth: width }
        : column.minWidth !== undefined
          ? { minWidth: column.minWidth }
          : {};
    const style: CSSProperties = column.sticky
      ? {
          ...size,
          position: 'sticky',
          left,
          zIndex: 1,
          background: 'var(--mantine-color-body)',
          boxShadow: index === lastSticky ? 'inset -1px 0 0 var(--mantine-color-default-border)' : undefined,
        }
      : size;
    left += width ?? 0;
    return style;
  });
}
