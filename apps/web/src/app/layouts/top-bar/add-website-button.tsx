import { ActionIcon, Button } from '@mantine/core';
import { may } from '@pushdeck/contracts';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DeferredTooltip } from '@/components/deferred/deferred-tooltip';
import type { UserAccess } from '@/lib/auth';

/** Who may add a website: the server's rule for POST /v1/domains (ACTIONS domains.write). */
export function canAddWebsite(access: UserAccess): boolean {
  return may(access.permissions, 'domains.write');
}

/** 'Add website': opens NewWebsite. */
export function AddWebsiteButton({ compact = false }: { compact?: boolean }) {
  if (compact) {
    return (
      <DeferredTooltip label="Add website">
        <ActionIcon component={Link} to="/new-website" variant="light" size="lg" aria-label="Add website">
          <IconPlus size={18} aria-hidden />
        </ActionIcon>
      </DeferredTooltip>
    );
  }
  return (
    <Button component={Link} to="/new-website" variant="light" leftSection={<IconPlus size={16} aria-hidden />}>
      Add website
    </Button>
  );
}
