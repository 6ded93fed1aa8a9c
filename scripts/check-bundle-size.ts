/**
 * The console's load budget as a size (issue 17): the JavaScript and CSS a browser downloads to show /login and
 * /dashboard the first time, gzipped, must stay within budget. Reads the manifest of the last `npm run build`
 * (apps/web/dist/.vite/manifest.json): the entry and its static imports, plus each screen's own chunk and its static
 * imports (a route's screen loads with it: apps/web/src/app/screens.tsx): the code that renders the page, starts its
 * calls and shows its skeletons. Not counted: what a page loads once it shows (the pickers', menu's and tooltips'
 * popovers, the modals and snackbar hosts, the charts with their controls, the date picker's calendar) and the
 * schemas that load alongside the first calls (lib/api/parse-later.ts); `npm run bench:web` prints the script bytes the
 * first /dashboard really fetched before its figures showed, those included. Exits 1 over the limit.
 * `node scripts/check-bundle-size.ts`
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Issue 17's budget for each first page (gzipped). */
export const BUDGET = { js: 200 * 1024, css: 30 * 1024 };
/**
 * What the check enforces: the budget, on both pages since 2026-11-27 (/login 176.9 KB, /dashboard 192.8 KB).
 * docs/performance.md has the figures and how they were reached.
 */
export const LIMIT: Record<string, { js: number; css: number }> = {
  '/login': BUDGET,
  '/dashboard': BUDGET,
};

/** The modules each first page loads besides the entry, as the manifest names them (source paths). */
export const FIRST_PAGES: Record<string, string[]> = {
  '/login': ['src/features/auth/components/login-page.tsx'],
  '/dashboard': ['src/app/layouts/app-layout.tsx', 'src/app/composed/dashboard-screen.tsx'],
};

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

const dist = process.env.BUNDLE_DIST ?? path.resolve(import.meta.dirname, '../apps/web/dist');

function gzSize(file: string): number {
  const full = path.join(dist, file);
  // the build writes .gz next to every file over 1 KB (apps/web/build/precompress.ts, level 9)
  if (existsSync(`${full}.gz`)) return readFileSync(`${full}.gz`).length;
  return gzipSync(readFileSync(full), { level: 9 }).length;
}

export function measure(manifest: Record<string, Chunk>, modules: string[]) {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`${key} is not in the build manifest: update FIRST_PAGES in scripts/check-bundle-size.ts`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit('index.html');
  for (const m of modules) visit(m);
  const sum = (files: Set<string>) => [...files].reduce((n, f) => n + gzSize(f), 0);
  return { js: sum(js), css: sum(css), files: js.size + css.size };
}

/** The first pages' sizes in the last build. */
export function measureBuild() {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no ${manifestPath}: run npm run build first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
  return Object.entries(FIRST_PAGES).map(([page, modules]) => ({ page, ...measure(manifest, modules) }));
}

function main() {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  let over = false;
  for (const size of measureBuild()) {
    const limit = LIMIT[size.page] ?? BUDGET;
    const jsOk = size.js <= limit.js;
    const cssOk = size.css <= limit.css;
    over ||= !jsOk || !cssOk;
    console.log(
      `${size.page.padEnd(11)} initial JS ${kb(size.js)} gz (limit ${kb(limit.js)}, budget ${kb(BUDGET.js)}) ${jsOk ? 'ok' : 'OVER'}; ` +
        `CSS ${kb(size.css)} gz (budget ${kb(BUDGET.css)}) ${cssOk ? 'ok' : 'OVER'}; ${size.files} files`,
    );
  }
  if (over) {
    console.error('The console is over its initial load limit (scripts/check-bundle-size.ts, docs/performance.md).');
    process.exit(1);
  }
}

if (import.meta.filename === process.argv[1]) main();
