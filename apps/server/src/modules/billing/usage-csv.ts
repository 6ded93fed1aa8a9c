import type { Usage } from '@pushdeck/contracts';
import { csvText } from '../../lib/csv-text.ts';

/**
 * The usage export: one row per month (last 12), then the quotas of the plan. Written by the one CSV writer
 * (lib/csv-text): BOM, CRLF, formula-safe cells, like every export.
 */
export function usageCsv(usage: Usage): Promise<string> {
  return csvText(
    ['month', 'sends', 'over_quota_sends', 'refused_subscribers', 'monthly_sends_limit'],
    usage.months.map((m) => [m.month, m.sends, m.over_quota, m.refused_subscribers, usage.sends.limit ?? '']),
  );
}
