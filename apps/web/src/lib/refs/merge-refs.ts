import { useMergedRef } from '@mantine/hooks';
import type { Ref, RefCallback } from 'react';

/**
 * @floating-ui/react's `useMergeRefs(refs)`, the one thing Mantine's ScrollArea takes from that 15 KB module, served by
 * @mantine/hooks' `useMergedRef` (already on the first load): the build gives ScrollArea this module
 * (apps/web/build/scroll-area-refs.ts), so a page with a Table (whose ScrollContainer is a ScrollArea) and no popover
 * does not load floating-ui (issue 17). Same semantics: each ref gets the node; a callback ref's returned cleanup
 * (React 19) runs when the node goes, otherwise the callback is called with null; object refs are reset to null.
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>): RefCallback<T> {
  return useMergedRef(...refs);
}
