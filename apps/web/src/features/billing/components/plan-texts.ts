import type { PlanFeature } from '@pushdeck/contracts';

export const FEATURE_LABELS: Record<PlanFeature, string> = {
  data_explorer: 'Data Explorer',
  copy_tools: 'Copy Tools',
  exports: 'Exports',
  extensible: 'Extensible',
};

export const shownQuota = (n: number | null) => (n === null ? 'Unlimited' : String(n));

/** What Billing's monthly sends count, said under the figure (docs/billing.md "Usage"). */
export const sendsHint = (timezone: string) =>
  `Pushes the push services accepted this calendar month (${timezone}), every drip type: the same count as Sent in Statistics for this month. A push that failed is not counted; one still being sent is.`;

/** A quota's cell in the staff overview: used, and the limit when there is one. */
export const usedOfLimit = (q: { used: number; limit: number | null }) =>
  q.limit === null
    ? q.used.toLocaleString('en-US')
    : `${q.used.toLocaleString('en-US')} / ${q.limit.toLocaleString('en-US')}`;
