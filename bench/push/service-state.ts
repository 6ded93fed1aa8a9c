// State directories for the push service instances of the benchmark.
//
// Why not just `LocalPushService.start({})` three times and `createSubscription()`? With a `stateDir`,
// `createSubscription()` rewrites and fsyncs `subscriptions.json` on every call (quadratic for 20,000
// subscriptions). The subscriptions are therefore written once, in the documented persistence format,
// before each instance starts and loads them.
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalPushService } from '@pushdeck/push-service';
import { generateReceiverKeys } from '@pushdeck/web-push';

const TLS_FILES = ['tls-cert.pem', 'tls-key.pem'];

export interface StateDirs {
  root: string;
  dirs: string[];
  /** Subscription ids per directory, in the order of their global index (index = position × count + directory). */
  ids: string[][];
}

/** `count` state directories sharing one certificate, the subscriptions dealt round-robin between them. */
export async function prepareStateDirs(count: number, subscriptions: number, serverKey: string): Promise<StateDirs> {
  const root = await mkdtemp(join(tmpdir(), 'pushdeck-bench-'));
  const dirs = Array.from({ length: count }, (_, i) => join(root, String(i)));
  const first = await LocalPushService.start({ stateDir: dirs[0] }); // creates the certificate
  await first.close();
  const createdAt = new Date().toISOString();
  const ids: string[][] = [];
  for (const [i, dir] of dirs.entries()) {
    await mkdir(dir, { recursive: true });
    if (i > 0) for (const file of TLS_FILES) await copyFile(join(dirs[0] ?? '', file), join(dir, file));
    const records = [];
    for (let index = i; index < subscriptions; index += count) {
      const { privateKey, p256dh, auth } = generateReceiverKeys();
      const id = randomBytes(16).toString('base64url');
      records.push({
        id,
        keys: { p256dh, auth },
        privateKey,
        applicationServerKey: serverKey,
        createdAt,
        removed: false,
      });
    }
    ids.push(records.map((r) => r.id));
    await writeFile(join(dir, 'subscriptions.json'), JSON.stringify({ version: 1, subscriptions: records }), {
      mode: 0o600,
    });
  }
  return { root, dirs, ids };
}

export function removeStateDirs(state: StateDirs): Promise<void> {
  return rm(state.root, { recursive: true, force: true });
}
