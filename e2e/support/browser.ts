import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const DEMO_PASSWORD = 'demo-password';
export const ACCOUNTS = {
  admin: { email: 'admin@pushdeck.test', password: 'pushdeck-admin' },
  moder: { email: 'moder@pushdeck.test', password: DEMO_PASSWORD },
  client: { email: 'client@pushdeck.test', password: DEMO_PASSWORD },
  user: { email: 'user@pushdeck.test', password: DEMO_PASSWORD },
  viewer: { email: 'viewer@pushdeck.test', password: DEMO_PASSWORD },
  /** The client of Globex News (news.globex.test). */
  globex: { email: 'globex@pushdeck.test', password: DEMO_PASSWORD },
} as const;

/** Debian's Chromium, headless, with the flags this machine's closed network needs. Never a downloaded browser. */
export function useBrowser() {
  const state: { browser?: Browser } = {};
  beforeAll(async () => {
    state.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  const baseUrl = () => inject('baseUrl');
  return {
    baseUrl,
    /** A page in a fresh context, 1280 × 800 unless `options` say otherwise (a phone: viewport, isMobile, hasTouch). */
    async newPage(options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
      const context = await state.browser!.newContext({
        baseURL: baseUrl(),
        viewport: { width: 1280, height: 800 },
        ...options,
      });
      const page = await context.newPage();
      return { context, page };
    },
  };
}

export async function login(page: Page, account: { email: string; password: string }, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByLabel('Password').press('Enter');
}
