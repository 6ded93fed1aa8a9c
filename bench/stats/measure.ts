/** Timing (p50/p95 of timed calls after one untimed warm-up call) and the printed table. */
import { performance } from 'node:perf_hooks';

export interface Timing {
  p50: number;
  p95: number;
  runs: number;
}

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

/** `runs` timed calls, after one untimed warm-up call unless the caller has just made one. */
export async function time(runs: number, fn: () => Promise<unknown>, warmUp = true): Promise<Timing> {
  if (warmUp) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), runs };
}

export const fmt = (v: number) => (v >= 100 ? `${Math.round(v)} ms` : `${v.toFixed(1)} ms`);

export interface Row {
  label: string;
  goalMs: number;
  rollup: Timing;
  raw: Timing | null;
  cached?: Timing;
}

/**
 * The best raw/rollup ratio any statistics query could reach for a call: raw p50 over cached p50, the request with
 * everything but the statistics query (session, permissions, scope, HTTP, the answer's JSON). Null without both.
 */
export function ratioBound(r: Row): number | null {
  return r.raw && r.cached ? r.raw.p50 / r.cached.p50 : null;
}

/** One line per call: rollup p50/p95, goal, raw p50/p95, raw/rollup (p50 and p95), cached p50, ratio bound. */
export function table(rows: Row[]): string {
  const w = Math.max(...rows.map((r) => r.label.length), 10) + 2;
  const cols = ['rollup p50', 'rollup p95', 'goal', 'raw p50', 'raw p95', 'raw/rollup', 'cached p50', 'bound'];
  const head = `${'call'.padEnd(w)}${cols.map((c) => c.padStart(12)).join('')}`;
  const lines = rows.map((r) => {
    const ratio = r.raw ? `${(r.raw.p50 / r.rollup.p50).toFixed(0)}x/${(r.raw.p95 / r.rollup.p95).toFixed(0)}x` : '-';
    const ok = r.rollup.p95 <= r.goalMs ? '≤' : 'MISS';
    const cells = [
      fmt(r.rollup.p50),
      fmt(r.rollup.p95),
      `${ok} ${r.goalMs >= 1000 ? `${r.goalMs / 1000} s` : `${r.goalMs} ms`}`,
      r.raw ? fmt(r.raw.p50) : '-',
      r.raw ? fmt(r.raw.p95) : '-',
      ratio,
      r.cached ? fmt(r.cached.p50) : '-',
      ratioBound(r) === null ? '-' : `${ratioBound(r)!.toFixed(0)}x`,
    ];
    return `${r.label.padEnd(w)}${cells.map((c) => c.padStart(12)).join('')}`;
  });
  return [head, ...lines].join('\n');
}
