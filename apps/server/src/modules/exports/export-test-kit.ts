/** Shared by the exports tests: a seeded statistics world with a data folder of its own, and file helpers. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spreadsheetText } from '@pushdeck/contracts';
import { expect } from 'vitest';
import type { TestBackend } from '../../test/backends.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { statisticsClock } from '../statistics/clock.ts';
import { type FactsWorld, seedFacts } from '../statistics/stats-fixtures.ts';
import { FACTS_START, NOW } from '../statistics/stats-test-kit.ts';

export async function openExportsWorld(
  backend: TestBackend,
  opts: { work?: boolean } = {},
): Promise<{ t: TestApp; w: FactsWorld; dataDir: string; close(): Promise<void> }> {
  statisticsClock.now = () => NOW;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pushdeck-exports-'));
  const t = await createTestApp(backend, { work: opts.work ?? true, config: { dataDir } });
  const w = await seedFacts(t, { seed: 14, start: FACTS_START, end: NOW });
  return {
    t,
    w,
    dataDir,
    async close() {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Lines of a CSV we wrote (no quoted commas in statistics): the BOM is checked and dropped. */
export function csvLines(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const text = body.slice(1);
  expect(text.endsWith('\r\n')).toBe(true);
  return text
    .slice(0, -2)
    .split('\r\n')
    .map((l) => l.split(','));
}

/** Waits until the file is no longer in progress (the worker runs its job); answers its list entry. */
export async function waitForFile(c: TestClient, basename: string, headers?: Record<string, string>) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await c.get('/api/v1/files/getCSVList', headers);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { ready: { basename: string; status: string; link: string | null }[] };
    const done = list.ready.find((f) => f.basename === basename);
    if (done) return done;
    if (Date.now() > deadline) throw new Error(`${basename} was not ready after 30 s: ${res.body}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The cells a JSON row becomes in the file: null → empty, numbers as written by JavaScript, text that a spreadsheet
 * would run as a formula (a website uid can start with '-') prefixed with ' as every file we write does.
 */
export const cellText = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'string' ? spreadsheetText(v) : String(v);
