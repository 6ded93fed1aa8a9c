import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp, TestClient } from '../test/harness.ts';

/** The CSP header of a response as directive → sources. */
function csp(res: LightMyRequestResponse): Record<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(header, `CSP of ${res.statusCode}`).toEqual(expect.any(String));
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** Framing refused, no MIME sniffing, no Referer. */
function expectBaseHeaders(res: LightMyRequestResponse): void {
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(csp(res)['frame-ancestors']).toEqual(["'none'"]);
}

/** The console's policy: only its own scripts (no inline, no eval), nothing from other origins but images. */
function expectConsolePolicy(res: LightMyRequestResponse): void {
  expectBaseHeaders(res);
  const p = csp(res);
  expect(p['default-src']).toEqual(["'self'"]);
  expect(p['script-src']).toEqual(["'self'"]);
  expect(p['connect-src']).toEqual(["'self'"]);
  expect(p['worker-src']).toEqual(["'self'"]);
  expect(p['object-src']).toEqual(["'none'"]);
  expect(p['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'https:']));
}

describe('security headers', () => {
  let t: TestApp;
  let staticDir: string;
  const anon = () => new TestClient(t.app);
  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'pushdeck-console-'));
    await mkdir(path.join(staticDir, 'assets'));
    await writeFile(
      path.join(staticDir, 'index.html'),
      '<!doctype html><script type="module" src="/assets/index-abc.js"></script><div id="root"></div>',
    );
    await writeFile(
      path.join(staticDir, 'assets/index-abc.js'),
      'console.log(1);\n//# sourceMappingURL=index-abc.js.map',
    );
    await writeFile(path.join(staticDir, 'assets/index-abc.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
    await writeFile(path.join(staticDir, 'sw.js'), "self.addEventListener('install', () => {});");
    t = await createTestApp(testBackends()[0]!, { config: { staticDir } });
  });
  afterAll(async () => {
    await t?.close();
    if (staticDir) await rm(staticDir, { recursive: true, force: true });
  });

  it('sends the console policy on /, on a deep link and on its scripts and preview worker', async () => {
    const home = await anon().get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root">');
    expectConsolePolicy(home);
    const deep = await anon().get('/dashboard/12/triggers/edit/3?page=2');
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toMatch(/^text\/html/);
    expectConsolePolicy(deep);
    const script = await anon().get('/assets/index-abc.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expectConsolePolicy(script);
    const worker = await anon().get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expectConsolePolicy(worker);
  });

  it('sends a policy that loads nothing on /api JSON, signed in or not, found or not', async () => {
    const client = await signedIn(t, DEMO.client);
    const responses = [
      await client.get('/api/auth/user/info'),
      await anon().get('/api/auth/user/info'),
      await anon().get('/api/v1/nothing-here'),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 401, 404]);
    for (const res of responses) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectBaseHeaders(res);
      expect(csp(res)['default-src']).toEqual(["'none'"]);
    }
  });

  it('lets the Swagger UI at /api/docs run its own scripts, and nothing inline', async () => {
    const ui = await anon().get('/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-initializer.js');
    expectConsolePolicy(ui);
    expect((await anon().get('/api/docs/static/swagger-initializer.js')).statusCode).toBe(200);
  });

  it('answers 404 for source maps unless PUSHDECK_SERVE_SOURCEMAPS=1', async () => {
    for (const p of ['/assets/index-abc.js.map', '/assets/index-abc.js%2Emap', '/assets/other.js.map']) {
      const res = await anon().get(p);
      expect(res.statusCode, p).toBe(404);
      expect(res.body, p).not.toContain('"sources"');
    }
    t.config.serveSourceMaps = true;
    try {
      const served = await anon().get('/assets/index-abc.js.map');
      expect(served.statusCode).toBe(200);
      expect(served.json().sources).toEqual(['src/main.tsx']);
    } finally {
      t.config.serveSourceMaps = false;
    }
  });

  it('keeps the public tracking calls usable cross-origin: CORS as before, no Cross-Origin-Resource-Policy', async () => {
    const preflight = await anon().request('OPTIONS', '/api/public/v1/visit', {
      headers: { origin: 'https://shop.acme.test', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['cross-origin-resource-policy']).toBeUndefined();
    expectBaseHeaders(preflight);
  });
});
