import { useEffect, useState } from 'react';

/** True for `ms` after mount and after every change of `key` (the welcome editor's ~1.5 s spinner). */
export function useMinSpinner(key: unknown, ms: number): boolean {
  const [waiting, setWaiting] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` restarts the wait when the shown item changes.
  useEffect(() => {
    setWaiting(true);
    const timer = setTimeout(() => setWaiting(false), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return waiting;
}
