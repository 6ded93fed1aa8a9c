import type { Usage } from '@pushdeck/contracts';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { QuotaBanner, quotaBannerLevel } from '@/features/billing/components/quota-banner';

const DISMISSED_KEY = 'pushdeck.planBanner.dismissed';

/** What a dismissal hides: this client, this month, this level. A higher level or a new month shows it again. */
export const bannerKey = (clientId: number, usage: Usage) => `${clientId}:${usage.month}:${quotaBannerLevel(usage)}`;

function readDismissed(): string | null {
  try {
    return window.localStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * The near-limit notice on every screen of a client's users (issue #18): at 80 % of a quota, and again at 100 %.
 * Dismissing it hides it until the next level or the next month; Billing shows its own banner.
 */
export function PlanBanner({ clientId, usage }: { clientId: number; usage: Usage | undefined }) {
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(readDismissed);
  if (!usage || pathname === '/billing' || quotaBannerLevel(usage) === 'ok') return null;
  const key = bannerKey(clientId, usage);
  if (dismissed === key) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(DISMISSED_KEY, key);
    } catch {
      // storage refused: hidden for this page's life only
    }
    setDismissed(key);
  };
  return <QuotaBanner usage={usage} onDismiss={dismiss} billingLink />;
}
