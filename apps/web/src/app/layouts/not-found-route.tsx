import { useAuthFlag } from '@/lib/auth';
import { NotFoundPage } from '../pages/not-found-page';
import { AppLayout } from './app-layout';
import { PublicLayout } from './public-layout';

/** `*`: Page Not Found inside the app layout when signed in, the public layout otherwise. */
export function NotFoundRoute() {
  const signedIn = useAuthFlag();
  const Layout = signedIn ? AppLayout : PublicLayout;
  return (
    <Layout>
      <NotFoundPage />
    </Layout>
  );
}
