/** Timing and the printed table. */
import { performance } from 'node:perf_hooks';

export interface Timing {
  label: string;
  ms: number;
}

/** Median of `runs` timed calls after one untimed warm-up call. */
export async function median(runs: number, fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

const ms = (v: number) => (v >= 100 ? `${Math.round(v)} ms` : `${v.toFixed(1)} ms`);
const pad = (text: string, width: number) => text.padEnd(width);
const lpad = (text: string, width: number) => text.padStart(width);

/** One row per case: Pushdeck's time, the baseline's, baseline ÷ Pushdeck. */
export function table(title: string, baselineName: string, ours: Timing[], baseline: Timing[]): string {
  const width = Math.max(...ours.map((t) => t.label.length), 10) + 2;
  const lines = [title, `${pad('case', width)}${lpad('Pushdeck', 12)}${lpad(baselineName, 22)}${lpad('ratio', 10)}`];
  for (const t of ours) {
    const b = baseline.find((x) => x.label === t.label)?.ms ?? Number.NaN;
    lines.push(`${pad(t.label, width)}${lpad(ms(t.ms), 12)}${lpad(ms(b), 22)}${lpad(`${(b / t.ms).toFixed(1)}x`, 10)}`);
  }
  return lines.join('\n');
}

export const worst = (timings: Timing[]): Timing =>
  timings.reduce((a, b) => (b.ms > a.ms ? b : a), { label: '-', ms: 0 });
