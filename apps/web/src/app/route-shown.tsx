import { type ComponentType, useLayoutEffect } from 'react';
import { type Location, useLocation } from 'react-router';

/**
 * Which location the screen on view was rendered for. The router is idle (and says so to its subscribers) as soon as
 * a navigation's guard has answered and the screen's code has loaded, but React renders the new screen afterwards, in
 * a transition that may be deferred or suspended: until it commits, the previous screen stays on view under the new
 * URL. `markRouteBusy` (router.ts) keeps the route busy until the screen of the router's location is the one shown.
 */
let shown: string | null = null;
const listeners = new Set<() => void>();

/** A location's identity: its key (new on every navigation) and its path. */
export const locationId = (location: Pick<Location, 'key' | 'pathname' | 'search'>) =>
  `${location.key} ${location.pathname}${location.search}`;

/** The id of the location the committed screen shows (null before any screen has). */
export function shownLocation(): string | null {
  return shown;
}

/** Calls `listener` whenever a screen commits for a location. Returns the unsubscriber. */
export function onRouteShown(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Rendered with every screen (and the route error page): notes, as the screen commits, the location it shows. */
export function RouteShownMark() {
  const location = useLocation();
  useLayoutEffect(() => {
    shown = locationId(location);
    for (const listener of listeners) listener();
  }, [location]);
  return null;
}

/** `Screen` with its RouteShownMark (the route table's leaves). */
export function withRouteShown(Screen: ComponentType): ComponentType {
  function ShownScreen() {
    return (
      <>
        <RouteShownMark />
        <Screen />
      </>
    );
  }
  ShownScreen.displayName = `Shown(${Screen.displayName ?? Screen.name ?? 'Screen'})`;
  return ShownScreen;
}
