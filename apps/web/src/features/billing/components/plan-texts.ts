import type { PlanFeature } from '@pushdeck/contracts';

export const FEATURE_LABELS: Record<PlanFeature, string> = {
  data_explorer: 'Data Explorer',
  copy_tools: 'Copy Tools',
  exports: 'Exports',
  extensible: 'Extensible',
};

export const shownQuota = (n: number | null) => (n === null ? 'Unlimited' : String(n));
