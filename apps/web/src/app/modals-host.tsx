import { ModalsProvider } from '@mantine/modals';

/** The modals opened with `modals.open…` render here (lazy in app/providers.tsx). */
export function ModalsHost() {
  return <ModalsProvider />;
}
