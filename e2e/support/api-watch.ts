import type { Page, Request } from 'playwright-core';
import type { ExpectStatic } from 'vitest';
import { routeReady } from './nav.ts';

export interface ApiWatch {
  /** Every /api answer with status 403, as "METHOD path (on page)". */
  readonly refused: string[];
  /**
   * Waits until the route is ready (its guard answered, its screen's code loaded: `routeReady`) and no /api call (nor
   * chunk) has been in flight for `quietMs` (the page has settled).
   */
  settled(quietMs?: number): Promise<void>;
  readonly expect: ExpectStatic;
  /** Counts now as activity: call right after a navigation or a click, so `settled` waits for what it starts. */
  touch(): void;
}

/**
 * Listens to every /api call of `page`: notes each 403 and knows when the page's calls are done. `expect` is the
 * test's own (concurrent tests each need theirs).
 */
export function watchApi(page: Page, expect: ExpectStatic): ApiWatch {
  const refused: string[] = [];
  const inFlight = new Set<Request>();
  let lastActivity = Date.now();
  // The live events stream (GET /api/events, one per tab) never finishes: it is not a call the page waits on.
  const isApi = (request: Request) => {
    const { pathname } = new URL(request.url());
    return pathname.startsWith('/api/') && pathname !== '/api/events';
  };
  const done = (request: Request) => {
    if (inFlight.delete(request)) lastActivity = Date.now();
  };
  // A screen's code loads with its route: its chunk is activity to wait for as well.
  const isChunk = (request: Request) => new URL(request.url()).pathname.startsWith('/assets/');
  page.on('request', (request) => {
    if (!isApi(request) && !isChunk(request)) return;
    inFlight.add(request);
    lastActivity = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', (response) => {
    const request = response.request();
    if (!isApi(request) || response.status() !== 403) return;
    const url = new URL(request.url());
    refused.push(`${request.method()} ${url.pathname} (on ${new URL(page.url()).pathname})`);
  });
  return {
    refused,
    expect,
    touch() {
      lastActivity = Date.now();
    },
    async settled(quietMs = 300) {
      const quiet = () => inFlight.size === 0 && Date.now() - lastActivity >= quietMs;
      // The page is asked only once the network is quiet; a route still loading counts as activity.
      const ready = async () => {
        if (!quiet()) return false;
        if (await routeReady(page)) return true;
        lastActivity = Date.now();
        return false;
      };
      await expect.poll(ready, { timeout: 15_000, interval: 50 }).toBe(true);
    },
  };
}
