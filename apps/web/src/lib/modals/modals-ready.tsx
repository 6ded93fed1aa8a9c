import { useEffect } from 'react';

// The modals host (app/modals-host.tsx) loads after the first paint (issue 17). A modal opened before it listens
// would be lost: @mantine/modals opens through window events, and nothing hears an event sent before the host's
// listeners are on (seen in the journeys: a confirmation asked for soon after a page load never showed).
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});
let isReady = false;

/**
 * Rendered inside the ModalsProvider: its effect runs before the provider's own (children first), so the waiting
 * opens run a microtask later, once every effect of that commit, the provider's listeners included, is in place.
 */
export function ModalsReadyMark() {
  useEffect(() => {
    isReady = true;
    markReady();
  }, []);
  return null;
}

/** Runs `open` (a `modals.open…` call) now when the modals host listens, else as soon as it does. */
export function whenModalsReady(open: () => void): void {
  if (isReady) open();
  else void ready.then(open);
}
