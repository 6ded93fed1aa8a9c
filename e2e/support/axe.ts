import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

let axeSource: string | undefined;
/** axe-core's script, read once from node_modules (never downloaded). */
const source = () => {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
};

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (from node_modules, injected into the page) on the page as it is and answers its serious and critical
 * violations. Cheap enough once per distinct screen of a journey, not after every click.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // evaluated through the DevTools protocol: the console's Content-Security-Policy (script-src 'self') stays as it is
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source());
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    }
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.slice(0, 10).map((n) => n.target.join(' ')),
      }));
  });
}

/** One line per violation and target: `rule (impact) on where: target`, for a failure message a reader can act on. */
export function describeViolations(where: string, violations: AxeViolation[]): string[] {
  return violations.flatMap((v) => v.targets.map((target) => `${v.id} (${v.impact}) on ${where}: ${target}`));
}
