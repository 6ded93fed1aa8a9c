import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { triggerPaths } from '../lib/route-ids';
import { TRIGGER_TEXTS } from '../lib/trigger-texts';

/** Home > Dashboard > Website Dashboard > Triggered Notifications (> the creator or editor). */
export function TriggersBreadcrumbs({ domainId, current }: { domainId: number; current?: string }) {
  const crumbs = [
    { label: 'Home', to: '/' },
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Website Dashboard', to: triggerPaths.website(domainId) },
    { label: TRIGGER_TEXTS.listTitle, to: current ? triggerPaths.list(domainId) : undefined },
    ...(current ? [{ label: current, to: undefined }] : []),
  ];
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separator=">" separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        {crumbs.map((crumb) =>
          crumb.to ? (
            <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
              {crumb.label}
            </Anchor>
          ) : (
            <Text key={crumb.label} size="sm" c="dimmed" aria-current="page">
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
