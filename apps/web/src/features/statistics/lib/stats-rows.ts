import type { StatsRow } from '@pushdeck/contracts';

/** A numeric cell of a statistics row (missing, null or text → 0). */
export function num(row: Partial<Record<string, string | number | null>> | undefined, key: string): number {
  const v = row?.[key];
  if (typeof v === 'number') return Number.isFinite(v) ? v : 0;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : 0;
  }
  return 0;
}

/** Sums `fields` over rows (a row of counters, e.g. for the metric functions of the contracts). */
export function sumRows(rows: readonly StatsRow[] | undefined, fields: readonly string[]): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(fields.map((f) => [f, 0]));
  for (const row of rows ?? []) for (const f of fields) out[f] = (out[f] ?? 0) + num(row, f);
  return out;
}

/** Rows by bucket `timestamp`, the given fields renamed by `prefix` and summed per bucket. */
export function addByTimestamp(
  into: Map<string, Record<string, number>>,
  rows: readonly StatsRow[] | undefined,
  fields: readonly string[],
  prefix = '',
): void {
  for (const row of rows ?? []) {
    const bucket = into.get(row.timestamp) ?? {};
    for (const f of fields) bucket[`${prefix}${f}`] = (bucket[`${prefix}${f}`] ?? 0) + num(row, f);
    into.set(row.timestamp, bucket);
  }
}
