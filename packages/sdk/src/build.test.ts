import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderSdkFile, sdkDistUrl, sdkFileNames } from './render.ts';
import { testConfig } from './test-fakes.ts';

const script = fileURLToPath(new URL('../scripts/build.mjs', import.meta.url));
const read = (name: (typeof sdkFileNames)[number]) => readFileSync(sdkDistUrl(name), 'utf8');
const IMPORT_OR_EXPORT = /(^|[;{}\s])(import\s*[\s{*'"(]|import\.meta|export\s*[\s{*])/;

// A vm context has only the language built-ins; these few are what every browser global scope also has.
const webGlobals = { atob, btoa, URL, setTimeout, clearTimeout };

function fakeConsole() {
  const lines: unknown[][] = [];
  return { lines, console: { warn: (...a: unknown[]) => lines.push(a), error: (...a: unknown[]) => lines.push(a) } };
}

describe('build', () => {
  beforeAll(() => {
    execFileSync(process.execPath, [script], { stdio: 'pipe' });
  }, 60_000);

  it('writes self-contained dist files with no import or export left', () => {
    for (const name of sdkFileNames) {
      expect(existsSync(sdkDistUrl(name))).toBe(true);
      const source = read(name);
      expect(source.length).toBeGreaterThan(1000);
      expect(source).not.toMatch(IMPORT_OR_EXPORT);
      // Still strict once the server has prepended its configuration line.
      expect(source.startsWith('(()=>{"use strict";')).toBe(true);
    }
  });

  it('pushmine.js runs in a page without service workers and exposes the API, draining the queue', async () => {
    const { lines, console } = fakeConsole();
    const window: Record<string, unknown> = {
      ...webGlobals,
      console,
      navigator: { userAgent: 'Mozilla/5.0', language: 'en' },
      location: { href: 'https://shop.example.org/' },
      pushmine: [['triggerPushEvent', 'signup']],
    };
    window.self = window;
    window.window = window;
    const source = renderSdkFile('pushmine', testConfig, read('pushmine'));
    expect(() => runInNewContext(source, window)).not.toThrow();
    const api = window.pushmine as { triggerPushEvent(e: string): Promise<boolean>; subscribe(): Promise<unknown> };
    expect(typeof api.triggerPushEvent).toBe('function');
    await expect(api.subscribe()).resolves.toEqual({ status: 'unsupported' });
    await expect(api.triggerPushEvent('signup')).resolves.toBe(false);
    expect(lines.some((line) => String(line[1]).includes('PUSHMINE_CONFIG'))).toBe(false);
    expect(lines.every((line) => line[0] === '[pushmine]')).toBe(true);
  });

  it('pushmine.js without PUSHMINE_CONFIG logs an error and does not throw', async () => {
    const { lines, console } = fakeConsole();
    const window: Record<string, unknown> = { ...webGlobals, console };
    window.self = window;
    expect(() => runInNewContext(read('pushmine'), window)).not.toThrow();
    expect(String(lines[0]?.[1])).toMatch(/PUSHMINE_CONFIG is missing/);
    await expect(
      (window.pushmine as { triggerPushEvent(e: string): Promise<boolean> }).triggerPushEvent('x'),
    ).resolves.toBe(false);
  });

  it('sw_pm.js registers its listeners and shows a notification for a push', async () => {
    const listeners = new Map<string, (event: unknown) => void>();
    const shown: unknown[] = [];
    const posted: string[] = [];
    const sw: Record<string, unknown> = {
      ...webGlobals,
      console: fakeConsole().console,
      location: { origin: 'https://shop.example.org' },
      registration: { showNotification: async (title: string) => void shown.push(title) },
      clients: { claim: async () => undefined },
      skipWaiting: async () => undefined,
      fetch: async (url: string) => {
        posted.push(url);
        return { ok: true, status: 200, text: async () => '' };
      },
      addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    };
    sw.self = sw;
    runInNewContext(renderSdkFile('sw_pm', testConfig, read('sw_pm')), sw);
    expect([...listeners.keys()].sort()).toEqual([
      'activate',
      'install',
      'notificationclick',
      'push',
      'pushsubscriptionchange',
    ]);
    const waits: Promise<unknown>[] = [];
    const payload = JSON.stringify({ v: 1, m: 'tok', title: 'Hello', url: 'https://shop.example.org/' });
    listeners.get('push')!({ data: { text: () => payload }, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
    expect(shown).toEqual(['Hello']);
    expect(posted).toEqual(['https://pushdeck.example.com/api/public/v1/delivered']);
  });
});
