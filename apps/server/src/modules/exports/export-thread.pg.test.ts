import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FILES_MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRunJob } from '../../jobs/exports.jobs.ts';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, DEMO, signedIn, TEST_SECRET, type TestApp, type TestClient } from '../../test/harness.ts';
import { createExports } from '../../worker-services.ts';
import { csvLines, waitForFile } from './export-test-kit.ts';
import { type ExportThreadInput, runExportInThread } from './export-threads.ts';

const script = new URL('./export-thread.ts', import.meta.url);
const postgres = testBackends().find((b) => b.name === 'postgres')!;

// On a PostgreSQL server the product writes each export in a worker thread with a capped heap (server.ts).
describe('an export in a worker thread on PostgreSQL', { timeout: 120_000 }, () => {
  let t: TestApp;
  let client: TestClient;
  let dataDir: string;
  let input: (fileId: number) => ExportThreadInput;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pushdeck-export-thread-'));
    t = await createTestApp(postgres, { work: false, config: { dataDir } });
    client = await signedIn(t, DEMO.client);
    const databaseUrl = String((t.handle.boss as { connectionString: string }).connectionString);
    input = (fileId) => ({ databaseUrl, secret: TEST_SECRET, dataDir, fileId });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const res = await client.post('/api/v1/files/generateUnitFile?type=domains_list', {
      query: { order_by: 'url:asc' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const { basename } = res.json().data as { basename: string };
    const row = await t.handle.db
      .selectFrom('export_files')
      .select('id')
      .where('basename', '=', basename)
      .executeTakeFirstOrThrow();
    return { basename, fileId: row.id };
  };

  it('writes the file the list offers, with the rows the screen shows, and the user hears it is ready', async () => {
    const { basename, fileId } = await start();
    await runExportInThread(input(fileId), { script, heapMb: 96 });
    const file = await waitForFile(client, basename);
    expect(file.status).toBe('ready');
    const shown = (await client.get('/api/v1/domains/get?order_by=url:asc')).json().data as { url: string }[];
    const lines = csvLines((await client.get(file.link!)).body);
    expect(lines.slice(1).map((l) => l[2])).toEqual(shown.map((d) => d.url));
  });

  it('a thread that dies (it cannot reach the database) fails its file, removes it, and frees the user', async () => {
    const { basename, fileId } = await start();
    const exports = createExports({ db: t.handle.db, box: t.box, dataDir, live: t.live });
    const unreachable = (id: number) => ({ ...input(id), databaseUrl: 'postgres://postgres@127.0.0.1:1/none' });
    const job = exportRunJob(exports, (id) => runExportInThread(unreachable(id), { script, heapMb: 96 }));
    await job.handle({ fileId }, undefined as never);
    const list = (await client.get('/api/v1/files/getCSVList')).json() as {
      ready: { basename: string; status: string }[];
      in_progress: unknown[];
    };
    expect(list.in_progress).toEqual([]);
    expect(list.ready.find((f) => f.basename === basename)?.status).toBe('failed');
    expect(await readdir(path.join(dataDir, 'exports')).catch(() => [])).not.toContain(basename);
    // one at a time no longer holds: the next export may start
    const next = await start();
    expect(next.basename).not.toBe(basename);
    expect(FILES_MSG.failed).toBe('Failed to generate file.');
  });
});
