import type { TooltipProps } from '@mantine/core';
import { lazy, Suspense } from 'react';

const Tooltip = lazy(() => import('./mantine-popovers').then((m) => ({ default: m.Tooltip })));

/**
 * Mantine's Tooltip, whose code (floating-ui) loads once the page shows; until then its target shows alone (a hint
 * nobody can hover yet). For the shell and the dashboard (issue 17: the first load).
 */
export function DeferredTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
