import { Alert, Anchor } from '@mantine/core';
import type { Usage } from '@pushdeck/contracts';
import { Link } from 'react-router';

const LABELS = { sends: 'monthly sends', active_subscribers: 'active subscribers', websites: 'websites' } as const;

/** The 80 % / 100 % notice of the client's quotas; nothing while every quota is below 80 %. */
export function QuotaBanner({ usage }: { usage: Usage }) {
  const keys = (Object.keys(LABELS) as (keyof typeof LABELS)[]).filter((k) => usage[k].level !== 'ok');
  if (keys.length === 0) return null;
  const reached = keys.some((k) => usage[k].level === 'reached');
  const parts = keys.map((k) => `${LABELS[k]} ${usage[k].used} of ${usage[k].limit}`);
  return (
    <Alert
      color={reached ? 'red' : 'yellow'}
      role="status"
      title={reached ? 'Plan limit reached' : 'Near your plan limit'}
    >
      {reached
        ? `Your plan's limit is reached (${parts.join(', ')}): sends over the limit are not sent and new subscribers are refused.`
        : `You have used over 80 % of your plan (${parts.join(', ')}).`}{' '}
      <Anchor component={Link} to="/upgrade">
        Ask for an upgrade
      </Anchor>
    </Alert>
  );
}
