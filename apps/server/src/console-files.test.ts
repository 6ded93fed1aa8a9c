import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp } from './test/harness.ts';

describe('how the console and the API travel: compression and caching', () => {
  let t: TestApp;
  let staticDir: string;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'pushdeck-console-'));
    await mkdir(path.join(staticDir, 'assets'));
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
    const file = path.join(staticDir, 'assets/index-abc123.js');
    await writeFile(file, script);
    // as the console's build leaves them (apps/web/build/precompress.ts)
    await writeFile(`${file}.br`, brotliCompressSync(script));
    await writeFile(`${file}.gz`, gzipSync(script));
    // left by a build with source maps or a manifest: never published
    await writeFile(`${file}.map`, '{"version":3,"sources":["src/secret.ts"]}');
    await mkdir(path.join(staticDir, '.vite'));
    await writeFile(path.join(staticDir, '.vite/manifest.json'), '{"index.html":{}}');
    await writeFile(path.join(staticDir, 'sw.js'), "self.addEventListener('install', () => {});");
    t = await createTestApp(testBackends()[0]!, { config: { staticDir } });
  });
  afterAll(async () => {
    await t?.close();
    if (staticDir) await rm(staticDir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends a hashed asset precompressed as the browser accepts it, cached for a year as immutable', async () => {
    const brotli = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await get('/assets/index-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('never serves a source map or the build manifest, and answers a missing asset with 404 (not the page)', async () => {
    for (const url of ['/assets/index-abc123.js.map', '/assets/index-gone999.js']) {
      const res = await get(url, 'gzip');
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('sources');
    }
    const manifest = await get('/.vite/manifest.json');
    expect(manifest.body).not.toContain('index.html":{}');
  });

  it('never lets a browser keep index.html or an unhashed file for long', async () => {
    for (const url of ['/', '/dashboard', '/index.html']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const worker = await get('/sw.js');
    expect(worker.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('compresses API answers over 1 KB (brotli or gzip), and leaves small ones alone', async () => {
    // the OpenAPI document: a large JSON answer
    const big = await get('/api/docs/json', 'br');
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const json = JSON.parse(brotliDecompressSync(big.rawPayload).toString());
    expect(JSON.stringify(json).length).toBeGreaterThan(1024);
    const gz = await get('/api/docs/json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(json);
    const client = await signedIn(t, DEMO.client);
    const small = await client.get('/api/auth/user/info', { 'accept-encoding': 'br' });
    expect(small.statusCode).toBe(200);
    expect(Number(small.headers['content-length'])).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
