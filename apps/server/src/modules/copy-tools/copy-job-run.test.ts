import { COPY_MSG, type CopyJob } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import { addAudience, demoSites, multipart, type Site } from '../drips/drip-test-kit.ts';
import { CopyToolsService } from './copy-tools.service.ts';
import { COPY_URL, grant, liveDrips, makeDrips } from './copy-tools-kit.ts';

/** A point a job's run waits at until the test lets it go on (or never, as if the process stopped there). */
function gate() {
  let reached!: () => void;
  let release!: () => void;
  const arrived = new Promise<void>((r) => {
    reached = r;
  });
  const open = new Promise<void>((r) => {
    release = r;
  });
  const wait = () => {
    reached();
    return open;
  };
  return { arrived, release, wait };
}

/**
 * A Copy Tools 2.0 job run by the worker's service here, held between targets by its hook (no sleeps): the status
 * mid-job, a target website removed before the job reaches it, and the retry after a crash.
 */
describe.each(testBackends())('Copy job runs on $name', (backend) => {
  let t: TestApp;
  let shop: Site;
  let blog: Site;
  let acme: TestClient;
  let drips: number[];
  const outlets: number[] = [];

  beforeAll(async () => {
    // the queue only records the job: this test runs it
    t = await createTestApp(backend);
    ({ shop, blog } = await demoSites(t));
    await grant(t, DEMO.client, ['menu.tools.copy2']);
    acme = await signedIn(t, DEMO.client);
    for (const name of ['one', 'two', 'three']) {
      const created = await acme.post('/api/v1/domains', { url: `https://${name}.outlet.acme.test` });
      expect(created.statusCode).toBe(201);
      outlets.push(created.json().data.id);
    }
    const english = await addAudience(t.handle.db, shop, 'English', ['en-US']);
    drips = await makeDrips(acme, shop, [english], ['Alpha', 'Beta']);
  });
  afterAll(() => t?.close());

  const start = async (targets: number[], extra: Record<string, string> = {}) => {
    const body = multipart({
      source_client_id: String(shop.client_id),
      target_client_id: String(shop.client_id),
      source_domain_id: String(shop.id),
      target_domain_ids: targets.join(','),
      drip_ids: drips.join(','),
      ...extra,
    });
    const res = await acme.request('POST', COPY_URL, { body: body.body, headers: body.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().job_id as string;
  };
  const status = async (id: string) => {
    const res = await acme.get(`/api/v1/tools/job-status?job_ids=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().jobs[0] as CopyJob;
  };
  const count = async (domainId: number) => (await liveDrips(t, domainId)).length;

  it("answers 'running' with the progress so far while the job is between targets", async () => {
    const [first, second, third] = outlets as [number, number, number];
    const id = await start([first, second, third]);
    expect(await status(id)).toMatchObject({ status: 'queued', progress: { done: 0, total: 6 } });
    const held = gate();
    const service = new CopyToolsService(t.handle.db, {
      beforeTarget: (target) => (target === third ? held.wait() : Promise.resolve()),
    });
    const run = service.run(id);
    await held.arrived;
    const mid = await status(id);
    expect(mid).toMatchObject({ status: 'running', progress: { done: 4, total: 6 }, reason: null, finished_at: null });
    expect(mid.targets.map((x) => x.domain_id)).toEqual([first, second]);
    expect(await count(third)).toBe(0);
    held.release();
    await run;
    const end = await status(id);
    expect(end).toMatchObject({ status: 'completed', progress: { done: 6, total: 6 } });
    expect(end.targets.map((x) => x.domain_id)).toEqual([first, second, third]);
    expect(await count(third)).toBe(2);
  });

  it('fails with the target-gone reason for a website removed before the job reached it, copying to the others', async () => {
    const [first, second] = outlets as [number, number];
    const id = await start([first, blog.id, second], { allow_duplicates: '1' });
    const before = { blog: await count(blog.id), second: await count(second) };
    const service = new CopyToolsService(t.handle.db, {
      beforeTarget: async (target) => {
        if (target !== blog.id) return;
        const removed = await acme.request('DELETE', `/api/v1/domains/${blog.id}`);
        expect(removed.statusCode, removed.body).toBe(200);
      },
    });
    await service.run(id);
    const job = await status(id);
    expect(job.status).toBe('failed');
    expect(job.reason).toBe(`Website ${blog.id}: ${COPY_MSG.targetGone(blog.id)}`);
    expect(job.progress).toEqual({ done: 6, total: 6 });
    expect(job.targets.map((x) => x.domain_id)).toEqual([first, second]);
    expect(await count(blog.id)).toBe(before.blog);
    expect(await count(second)).toBe(before.second + 2);
  });

  it('skips the targets a crashed run had finished when the job is retried', async () => {
    const [first, second, third] = outlets as [number, number, number];
    // duplicates asked for: a target copied twice would show twice the drips
    const id = await start([first, second, third], { allow_duplicates: 'true' });
    const before = { first: await count(first), second: await count(second), third: await count(third) };
    const stopped = gate();
    const crashed = new CopyToolsService(t.handle.db, {
      beforeTarget: (target) => (target === second ? stopped.wait() : Promise.resolve()),
    });
    // the process "stops" at the second target: this run never goes on
    void crashed.run(id);
    await stopped.arrived;
    expect(await status(id)).toMatchObject({ status: 'running', progress: { done: 2, total: 6 } });

    const seen: number[] = [];
    const retry = new CopyToolsService(t.handle.db, {
      beforeTarget: async (target) => {
        seen.push(target);
      },
    });
    await retry.run(id);
    expect(seen).toEqual([second, third]);
    const job = await status(id);
    expect(job).toMatchObject({ status: 'completed', reason: null, progress: { done: 6, total: 6 } });
    expect(job.targets.map((x) => x.domain_id)).toEqual([first, second, third]);
    expect(await count(first)).toBe(before.first + 2);
    expect(await count(second)).toBe(before.second + 2);
    expect(await count(third)).toBe(before.third + 2);
    // a finished job run again (a late duplicate delivery) changes nothing
    await retry.run(id);
    expect(await count(first)).toBe(before.first + 2);
  });
});
