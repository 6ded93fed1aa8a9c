import { lazy, Suspense } from 'react';
import { useAuthFlag } from '@/lib/auth';
import { NotFoundPage } from '../pages/not-found-page';
import { RoutePending } from '../pages/route-pending';
import { PublicLayout } from './public-layout';

// The signed-in shell is its own chunk (it loads with the first app route).
const AppLayout = lazy(() => import('./app-layout').then((m) => ({ default: m.AppLayout })));

/** `*`: Page Not Found inside the app layout when signed in, the public layout otherwise. */
export function NotFoundRoute() {
  const signedIn = useAuthFlag();
  const Layout = signedIn ? AppLayout : PublicLayout;
  return (
    <Suspense fallback={<RoutePending />}>
      <Layout>
        <NotFoundPage />
      </Layout>
    </Suspense>
  );
}
