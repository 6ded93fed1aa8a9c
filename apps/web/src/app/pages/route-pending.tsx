import { Center, Loader } from '@mantine/core';

/** Shown while a route's guard checks the session (first load). */
export function RoutePending() {
  return (
    <Center mih="60vh" data-pending aria-busy="true">
      <Loader role="progressbar" aria-label="Loading" />
    </Center>
  );
}
