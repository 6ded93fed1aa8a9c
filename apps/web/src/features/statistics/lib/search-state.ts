import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type SearchPatch = Record<string, string | null>;

/** The page's search params and a patcher (null or '' removes a param; others stay). */
export function useSearchState(): [URLSearchParams, (patch: SearchPatch) => void] {
  const [params, setParams] = useSearchParams();
  const patch = useCallback(
    (values: SearchPatch) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(values)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      }),
    [setParams],
  );
  return [params, patch];
}

/** 'a,b' ↔ ['a', 'b'] for list params. */
export const readList = (value: string | null): string[] => (value ? value.split(',').filter(Boolean) : []);
export const writeList = (list: readonly string[]): string | null => (list.length > 0 ? list.join(',') : null);
