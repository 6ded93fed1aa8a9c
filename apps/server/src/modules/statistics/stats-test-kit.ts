/** Shared setup of the statistics tests: a fixed clock, a seeded world, query strings, byte-order comparison. */
import type { TestBackend } from '../../test/backends.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { statisticsClock } from './clock.ts';
import { type FactsWorld, seedFacts } from './stats-fixtures.ts';

/** "Now" for every statistics test: the 2-month window reaches back to 2026-09-10. */
export const NOW = new Date('2026-11-10T12:00:00Z');
export const FACTS_START = new Date('2026-09-01T00:00:00Z');

export const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function query(params: Record<string, string | number | string[]>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (Array.isArray(v)) for (const x of v) q.append(`${k}[]`, x);
    else q.append(k, String(v));
  }
  return q.toString();
}

export async function openStatsWorld(backend: TestBackend, seed: number): Promise<{ t: TestApp; w: FactsWorld }> {
  statisticsClock.now = () => NOW;
  const t = await createTestApp(backend);
  const w = await seedFacts(t, { seed, start: FACTS_START, end: NOW });
  return { t, w };
}
