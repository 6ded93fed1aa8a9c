import { type Ref, type RefCallback, useCallback, useMemo, useRef } from 'react';

/**
 * @floating-ui/react's `useMergeRefs` (MIT, v0.27), the one thing Mantine's ScrollArea takes from that 15 KB module:
 * the build gives ScrollArea this copy (apps/web/build/scroll-area-refs.ts), so a page with a Table (whose
 * ScrollContainer is a ScrollArea) and no popover does not load floating-ui (issue 17: the dashboard's first load).
 * Same semantics: each ref gets the node; a callback ref's returned cleanup (React 19) runs when the node goes,
 * otherwise the callback is called with null; object refs are reset to null.
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>): RefCallback<T> | null {
  const cleanupRef = useRef<(() => void) | undefined>(undefined);
  const refEffect = useCallback((instance: T) => {
    const cleanups = refs.map((ref) => {
      if (ref == null) return undefined;
      if (typeof ref === 'function') {
        const cleanup = ref(instance);
        return typeof cleanup === 'function' ? cleanup : () => void ref(null);
      }
      (ref as { current: T | null }).current = instance;
      return () => {
        (ref as { current: T | null }).current = null;
      };
    });
    return () => {
      for (const cleanup of cleanups) cleanup?.();
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: the refs themselves are the dependencies
  }, refs);
  return useMemo(() => {
    if (refs.every((ref) => ref == null)) return null;
    return (value: T | null) => {
      if (cleanupRef.current) {
        cleanupRef.current();
        cleanupRef.current = undefined;
      }
      if (value != null) cleanupRef.current = refEffect(value);
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: the refs themselves are the dependencies
  }, refs);
}
