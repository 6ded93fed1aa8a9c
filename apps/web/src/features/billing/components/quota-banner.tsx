import { Alert, Anchor } from '@mantine/core';
import type { QuotaUsage, Usage } from '@pushdeck/contracts';
import { Link } from 'react-router';

const LABELS = { sends: 'monthly sends', active_subscribers: 'active subscribers', websites: 'websites' } as const;

/** The highest banner level of the client's quotas this month. */
export function quotaBannerLevel(usage: Usage): QuotaUsage['level'] {
  const levels = (Object.keys(LABELS) as (keyof typeof LABELS)[]).map((k) => usage[k].level);
  return levels.includes('reached') ? 'reached' : levels.includes('near') ? 'near' : 'ok';
}

interface QuotaBannerProps {
  usage: Usage;
  /** Shows a Dismiss button (the app layout's banner); the Billing screen's own banner has none. */
  onDismiss?: (() => void) | undefined;
  /** Adds a link to the Billing screen (every screen but Billing itself). */
  billingLink?: boolean;
}

/** The 80 % / 100 % notice of the client's quotas; nothing while every quota is below 80 %. */
export function QuotaBanner({ usage, onDismiss, billingLink = false }: QuotaBannerProps) {
  const keys = (Object.keys(LABELS) as (keyof typeof LABELS)[]).filter((k) => usage[k].level !== 'ok');
  if (keys.length === 0) return null;
  const reached = keys.some((k) => usage[k].level === 'reached');
  const parts = keys.map((k) => `${LABELS[k]} ${usage[k].used} of ${usage[k].limit}`);
  return (
    <Alert
      color={reached ? 'red' : 'yellow'}
      role="status"
      mb={onDismiss ? 'md' : undefined}
      title={reached ? 'Plan limit reached' : 'Near your plan limit'}
      withCloseButton={onDismiss !== undefined}
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
    >
      {reached
        ? `Your plan's limit is reached (${parts.join(', ')}): sends over the limit are not sent and new subscribers are refused.`
        : `You have used over 80 % of your plan (${parts.join(', ')}).`}{' '}
      {billingLink && (
        <>
          <Anchor component={Link} to="/billing">
            See your usage
          </Anchor>
          {' · '}
        </>
      )}
      <Anchor component={Link} to="/upgrade">
        Ask for an upgrade
      </Anchor>
    </Alert>
  );
}
