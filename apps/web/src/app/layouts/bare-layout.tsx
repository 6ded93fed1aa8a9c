import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useAuth } from '@/lib/auth';
import { ImpersonationBanner } from './impersonation-banner';

/**
 * The page alone (/new-website): no top bar, no sidebar. While staff act as a client's user the impersonation banner
 * still heads the page, with its way back to moderation (spec part 1 §2 and §4), as on every page of the app layout.
 */
export function BareLayout({ children }: { children?: ReactNode }) {
  const { user } = useAuth();
  return (
    <>
      {user?.backToModerUrl && (
        <Box px="md" pt="md">
          <ImpersonationBanner user={user} backToModerUrl={user.backToModerUrl} />
        </Box>
      )}
      {children ?? <Outlet />}
    </>
  );
}
