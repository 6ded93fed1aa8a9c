import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../test/backends.ts';
import { TEST_SECRET } from '../test/harness.ts';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** Runs only on a PostgreSQL server: two API processes (src/main.ts, no worker) on one database. */
describe('the public calls are rate limited across API processes (PostgreSQL)', () => {
  const backend = testBackends().find((b) => b.name === 'postgres')!;
  let opened: Awaited<ReturnType<typeof backend.open>>;
  let dir: string;
  const processes: ChildProcess[] = [];
  const urls: string[] = [];

  const startApi = async (): Promise<string> => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        DATABASE_URL: opened.connectionString!,
        PUSHDECK_SECRET: TEST_SECRET,
        PUSHDECK_DEMO: '0',
        PUSHDECK_WORKER: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    processes.push(child);
    const url = `http://127.0.0.1:${port}`;
    const until = Date.now() + 90_000;
    while (Date.now() < until) {
      if (child.exitCode !== null) throw new Error(`API process exited ${child.exitCode}`);
      const ready = await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return url;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('API process not ready');
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pushdeck-limits-'));
    opened = await backend.open();
    // one after the other: the first applies the migrations
    urls.push(await startApi());
    urls.push(await startApi());
  }, 200_000);

  afterAll(async () => {
    for (const p of processes) p.kill('SIGKILL');
    await opened?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('counts 60 unsubscribe calls a minute per IP over both processes together, not 60 each', async () => {
    const unsubscribe = (i: number) =>
      fetch(`${urls[i % 2]}/api/public/v1/unsubscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ website_id: 'aaaaaaaaaaaaaaaaaaaaaaaa', endpoint: `https://fcm.googleapis.com/x${i}` }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await unsubscribe(i)).status);
    // each process answered 30: within the limit, the calls reach the service (an unknown website)
    expect(new Set(statuses)).toEqual(new Set([404]));
    const over = await unsubscribe(60);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // and on the other process too
    expect((await unsubscribe(61)).status).toBe(429);
  });
});
