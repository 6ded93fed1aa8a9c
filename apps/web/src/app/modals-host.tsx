import { ModalsProvider } from '@mantine/modals';
import { ModalsReadyMark } from '@/lib/modals/modals-ready';

/** The modals opened with `modals.open…` render here (lazy in app/providers.tsx). */
export function ModalsHost() {
  return (
    <ModalsProvider>
      <ModalsReadyMark />
    </ModalsProvider>
  );
}
