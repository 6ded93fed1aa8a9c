import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

async function waitReady(url: string, child: ChildProcess, log: () => string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not ready:\n${log()}`);
}

/**
 * The built server (apps/server/dist, `npm run build`) on a free port with a fresh embedded database and the demo
 * data, as `npm start` runs it: the journeys' global setup and bench/web start it the same way.
 */
export async function startBuiltServer(
  name: string,
  timeoutMs = 60_000,
): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `pushdeck-${name}-`));
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // the journeys' S3 stand-in (support/s3.ts) listens on 127.0.0.1, which an operator must allow
      PUSHDECK_S3_HOSTS: '127.0.0.1:*',
      // the webhooks journey's receiver listens on 127.0.0.1 over http, which an operator must allow
      PUSHDECK_WEBHOOK_HOSTS: '127.0.0.1:*',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitReady(baseUrl, child, () => output, timeoutMs);
  return {
    baseUrl,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
