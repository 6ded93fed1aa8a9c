import { Anchor, Text } from '@mantine/core';
import { hasAnyPermission } from '@pushdeck/contracts';
import { Link } from 'react-router';
import { useAuth } from '@/lib/auth';
import { ApiBaseNote } from './api-base-note';
import { InstallGuide } from './install-guide';
import { IntegrationFrame } from './integration-frame';

/** /dashboard/:id/integrate: the two files and the script tag for a site without its own service worker. */
export function IntegratePage() {
  const { permissions } = useAuth();
  const canUseVariant = hasAnyPermission(permissions, ['menu.domain.integrate2']);
  return (
    <IntegrationFrame title="Integrate">
      {(domain) => (
        <>
          <Text size="sm">
            Two files and one line of HTML connect your site to Pushdeck. Both files are made for this website: do not
            reuse them on another one.
          </Text>
          {canUseVariant && (
            <Text size="sm">
              Your site already registers a service worker (for offline pages, caching or another push service)?{' '}
              <Anchor component={Link} to={`/dashboard/${domain.id}/integrate2`}>
                Integrate with an existing service worker
              </Anchor>{' '}
              instead.
            </Text>
          )}
          <ApiBaseNote websiteId={domain.website_id} />
          <InstallGuide domainId={domain.id} websiteId={domain.website_id} siteUrl={domain.url} />
        </>
      )}
    </IntegrationFrame>
  );
}
