import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface TableScrollerProps {
  /** The narrowest the table gets before it scrolls sideways. */
  minWidth: number;
  /** Names the scrolling region (the table's caption or label). */
  label: string;
  children: ReactNode;
}

/**
 * A table's sideways scroller (native scrolling: a finger swipes it on a phone). A named group in the tab order (not a
 * landmark: its section usually is one), so the arrow keys scroll it (axe-core's scrollable-region-focusable).
 */
export function TableScroller({ minWidth, label, children }: TableScrollerProps) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      tabIndex={0}
      role="group"
      aria-label={label}
      data-table-scroller
    >
      {children}
    </Table.ScrollContainer>
  );
}
