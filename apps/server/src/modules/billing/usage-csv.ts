import type { Usage } from '@pushdeck/contracts';

const cell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  // a leading formula character is neutralised so a spreadsheet never runs it
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The usage export: one row per month (last 12), then the quotas of the plan. */
export function usageCsv(usage: Usage): string {
  const lines = [['month', 'sends', 'over_quota_sends', 'refused_subscribers', 'monthly_sends_limit']];
  for (const m of usage.months)
    lines.push([
      m.month,
      String(m.sends),
      String(m.over_quota),
      String(m.refused_subscribers),
      String(usage.sends.limit ?? ''),
    ]);
  return `${lines.map((l) => l.map(cell).join(',')).join('\n')}\n`;
}
