import type { QueryClient } from '@tanstack/react-query';

/**
 * What a page loads once it shows (the popovers' code, the snackbar and modals hosts, the watchers) waits until the
 * page's first calls have answered (issue 17). Over HTTP/1.1 a browser opens 6 connections to the server: chunks
 * asked for at the first paint queued the dashboard's calls behind them (bench/web: the figures came ~1 s later).
 *
 * The gate opens when no query is fetching and no route is loading after at least one of the page's own calls came
 * back (one that answered once its route had loaded), on the user's
 * first pointer, key or focus (a click on a pending picker loads it at once), or after MAX_WAIT_MS, whichever comes
 * first. Until `armFirstDataGate` is called (the unit tests render parts alone) it is open.
 */
const MAX_WAIT_MS = 4000;

let armed = false;
let release: () => void = () => {};
const gate = new Promise<void>((resolve) => {
  release = resolve;
});

/**
 * Resolves when the page's first data is in (see above); at once when the gate was never armed. A deferred part:
 * `lazy(() => afterFirstData().then(() => import('./part')))`.
 */
export function afterFirstData(): Promise<void> {
  return armed ? gate : Promise.resolve();
}

/** Arms the gate for the app (once, in app/providers.tsx). */
export function armFirstDataGate(queryClient: QueryClient): void {
  if (armed || typeof window === 'undefined') return;
  armed = true;
  let answered = false;
  let opened = false;
  const cleanups: (() => void)[] = [];
  const open = () => {
    if (opened) return;
    opened = true;
    for (const cleanup of cleanups) cleanup();
    release();
  };
  const routeBusy = () => document.documentElement.hasAttribute('data-route-busy');
  let check = 0;
  const settle = () => {
    window.clearTimeout(check);
    // a little later, and two frames on: a route that finished loading renders its page, whose calls start as it
    // mounts; an answer may start the next call
    const test = () => {
      if (answered && queryClient.isFetching() === 0 && !routeBusy()) open();
    };
    check = window.setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(test)), 50);
  };
  cleanups.push(
    queryClient.getQueryCache().subscribe((event) => {
      // answers while a route loads (its guard's session check) do not count: the page's own calls start after it
      const done = event.type === 'updated' && (event.action.type === 'success' || event.action.type === 'error');
      if (done && !routeBusy()) answered = true;
      if (event.type === 'updated') settle();
    }),
  );
  // a route that finished loading with nothing left to fetch (its calls were answered before, or it has none)
  const routes = new MutationObserver(settle);
  routes.observe(document.documentElement, { attributes: true, attributeFilter: ['data-route-busy'] });
  cleanups.push(() => routes.disconnect());
  const interaction = () => open();
  for (const type of ['pointerdown', 'keydown', 'focusin'] as const) {
    window.addEventListener(type, interaction, { capture: true, once: true });
    cleanups.push(() => window.removeEventListener(type, interaction, { capture: true }));
  }
  const timer = window.setTimeout(open, MAX_WAIT_MS);
  cleanups.push(() => window.clearTimeout(timer));
}
