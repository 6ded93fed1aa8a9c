// npm run bench:web — the console's load budget (issue 17), measured in Debian's Chromium under Chrome DevTools'
// "Fast 4G" network and a 4x CPU slowdown, with a cold cache for every run. See README.md.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import { startBuiltServer } from '../../e2e/support/built-server.ts';
import { BUDGET, measureBuild } from '../../scripts/check-bundle-size.ts';

const root = path.resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CLIENT = { email: 'client@pushdeck.test', password: 'demo-password' };
/** Chrome DevTools' "Fast 4G" preset (its throughput and latency as DevTools sets them: 90% of 9 / 1.5 Mbit/s, 165 ms). */
const FAST_4G = {
  offline: false,
  downloadThroughput: (9 * 1000 * 1000 * 0.9) / 8,
  uploadThroughput: (1.5 * 1000 * 1000 * 0.9) / 8,
  latency: 60 * 2.75,
};
const CPU_SLOWDOWN = 4;
const BUDGET_MS = { firstDashboard: 1500, routeChange: 300 };

/** The built server on a fresh embedded database with the demo data, as the journeys start it. */
const startServer = () => startBuiltServer('bench-web', 90_000);

/**
 * A fresh context signed in as the demo client (through the login screen, untimed), and a page of it with the
 * browser's cache emptied and the throttling on.
 */
async function throttledPage(
  browser: Browser,
  baseUrl: string,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  const signIn = await context.newPage();
  await signIn.goto('/login');
  await signIn.getByLabel('Email').fill(CLIENT.email);
  await signIn.getByLabel('Password').fill(CLIENT.password);
  await signIn.getByLabel('Password').press('Enter');
  await signIn.waitForURL((url) => url.pathname === '/dashboard');
  await signIn.close();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.emulateNetworkConditions', FAST_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page, cdp };
}

/**
 * Counts the scripts the page downloads (bytes on the wire, as the network sends them: compressed, headers included),
 * read when asked: what the first dashboard really fetched before its figures showed, lazy chunks fetched alongside
 * the first calls (schemas, pickers) included, which the manifest's size check does not count.
 */
function scriptBytes(cdp: CDPSession): () => { bytes: number; files: number; timeline: string[] } {
  const scripts = new Set<string>();
  let bytes = 0;
  let files = 0;
  // every request's start and end from the first one, for BENCH_TRACE=1
  const requests = new Map<string, { url: string; start: number; end?: number; size?: number; type?: string }>();
  let first = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    first ||= e.timestamp;
    requests.set(e.requestId, { url: new URL(e.request.url).pathname, start: e.timestamp });
  });
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.add(e.requestId);
    const r = requests.get(e.requestId);
    if (r) r.type = e.type;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { end: e.timestamp, size: e.encodedDataLength });
    if (!scripts.has(e.requestId)) return;
    bytes += e.encodedDataLength;
    files += 1;
  });
  const ms = (t: number) => String(Math.round((t - first) * 1000)).padStart(6);
  return () => ({
    bytes,
    files,
    timeline: [...requests.values()]
      .sort((a, b) => a.start - b.start)
      .map(
        (r) =>
          `${ms(r.start)} ${r.end ? ms(r.end) : '     -'} ${String(r.size ?? '').padStart(7)} ${(r.type ?? '').padEnd(10)} ${r.url}`,
      ),
  });
}

/** Milliseconds from the navigation's start until `ready` holds in the page (checked every frame). */
async function loadTime(page: Page, url: string, ready: () => boolean): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(ready, undefined, { polling: 'raf', timeout: 60_000 });
  return page.evaluate(() => performance.now());
}

/** The cards show their figures: the windows' note appears once getDashboardTotals has answered. */
const cardsShown = () =>
  Array.from(document.querySelectorAll('p')).some((p) =>
    /^Total: all time\. This week: \d{4}-/.test(p.textContent ?? ''),
  );

async function firstWebsite(context: BrowserContext): Promise<number> {
  const answer = await context.request.get('/api/v1/domains?limit=1&order_by=id:asc');
  const body = (await answer.json()) as { data: { id: number }[] };
  return body.data[0]!.id;
}

/** Waits until the page has fetched no new resource for 500 ms (at most 15 s). */
async function quiet(page: Page): Promise<void> {
  const count = () => page.evaluate(() => performance.getEntriesByType('resource').length);
  const deadline = Date.now() + 15_000;
  let last = await count();
  while (Date.now() < deadline) {
    await page.waitForTimeout(500);
    const now = await count();
    if (now === last) return;
    last = now;
  }
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length / 2) - 1]!;

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const sizes = measureBuild();
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  const times: Record<string, number[]> = { dashboard: [], website: [], explorer: [], routeChange: [] };
  const fetched: { bytes: number; files: number; timeline: string[] }[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      {
        const { context, page, cdp } = await throttledPage(browser, server.baseUrl);
        const scripts = scriptBytes(cdp);
        times.dashboard!.push(await loadTime(page, '/dashboard', cardsShown));
        fetched.push(scripts());
        // a route change once its chunk is cached: Tags Manager, then back to the dashboard (both chunks loaded)
        const go = (to: string) =>
          page.evaluate((p) => {
            window.history.pushState(null, '', p);
            window.dispatchEvent(new PopStateEvent('popstate'));
          }, to);
        await go('/tags-manager');
        await page.waitForFunction(() => !document.querySelector('html[data-route-busy], [data-pending]'));
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        // and nothing is still coming (what the pages load once they show): a route change, not a load, is timed
        await quiet(page);
        times.routeChange!.push(
          await page.evaluate(async () => {
            const started = performance.now();
            window.history.pushState(null, '', '/dashboard');
            window.dispatchEvent(new PopStateEvent('popstate'));
            const shown = () =>
              Array.from(document.querySelectorAll('p')).some((p) =>
                /^Total: all time\. This week: \d{4}-/.test(p.textContent ?? ''),
              );
            while (!shown()) await new Promise((r) => requestAnimationFrame(r));
            return performance.now() - started;
          }),
        );
        const website = await firstWebsite(context);
        await context.close();
        const second = await throttledPage(browser, server.baseUrl);
        times.website!.push(await loadTime(second.page, `/dashboard/${website}`, cardsShown));
        await second.context.close();
      }
      {
        const { context, page } = await throttledPage(browser, server.baseUrl);
        // from the navigation's start: the screen opens, Get Data is pressed at once, its rows show
        await loadTime(page, '/data-explorer', () =>
          Array.from(document.querySelectorAll('button')).some((b) => b.textContent === 'Get Data'),
        );
        await page.getByRole('button', { name: 'Get Data', exact: true }).click();
        await page
          .getByRole('table', { name: 'Data Explorer' })
          .locator('tbody tr')
          .first()
          .waitFor({ timeout: 60_000 });
        times.explorer!.push(await page.evaluate(() => performance.now()));
        await context.close();
      }
      process.stdout.write(`run ${run + 1}/${RUNS} done\n`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const mark = (ok: boolean) => (ok ? '✓' : '✗ over');
  console.log(
    `\nInitial download (gzipped, from the build's manifest; budget JS ${kb(BUDGET.js)}, CSS ${kb(BUDGET.css)}):`,
  );
  for (const row of sizes) {
    console.log(
      `  ${row.page.padEnd(11)} JS ${kb(row.js)} ${mark(row.js <= BUDGET.js)}   CSS ${kb(row.css)} ${mark(row.css <= BUDGET.css)}`,
    );
  }
  if (process.env.BENCH_TRACE === '1' && fetched[0])
    console.log(
      `\nRequests of the first /dashboard of run 1 (ms from the first request: start, end; bytes on the wire; type):\n${fetched[0].timeline.join('\n')}`,
    );
  const script = fetched[0];
  if (script)
    console.log(
      `  scripts fetched by the first /dashboard until its cards showed (on the wire, brotli, headers included; ` +
        `lazy chunks fetched alongside its first calls included): ${kb(script.bytes)} in ${script.files} files`,
    );
  console.log(`\nTimes, p50 of ${RUNS} runs, cold cache, Fast 4G + ${CPU_SLOWDOWN}x CPU slowdown (all runs in ms):`);
  const line = (label: string, xs: number[], budget?: number) =>
    console.log(
      `  ${label.padEnd(44)} ${Math.round(p50(xs))
        .toString()
        .padStart(5)} ms  ${budget ? `budget ${budget} ms ${mark(p50(xs) <= budget)}` : '(no budget set)'}   [${xs
        .map((x) => Math.round(x))
        .join(', ')}]`,
    );
  line('first /dashboard, cards showing their numbers', times.dashboard!, BUDGET_MS.firstDashboard);
  line('first website dashboard, cards with numbers', times.website!, BUDGET_MS.firstDashboard);
  line('first Data Explorer, through Get Data to rows', times.explorer!);
  line('route change, chunk cached (to /dashboard)', times.routeChange!, BUDGET_MS.routeChange);
}

await main();
