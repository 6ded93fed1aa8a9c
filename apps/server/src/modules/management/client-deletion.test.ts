import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_DELETION_MSG, type ClientDeletion } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { addDrip, startPushService, subscribe, websiteOf } from '../../test/delivery-fixtures.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp } from '../../test/harness.ts';
import { AuditService } from '../audit/audit.service.ts';
import { ClientDeletionService } from './client-deletion.service.ts';

const CLIENTS = '/api/v1/management/clients';
const IMAGE = (n: number) => `${String(n).repeat(32)}.png`;

/**
 * Deleting a client (issue #25): who may, what the confirmation names, what stops it, and the job that deletes the
 * client's rows batch by batch (run here by the worker's service, held by its hook, and retried as after a crash).
 */
describe.each(testBackends())('Deleting a client on $name', (backend) => {
  let t: TestApp;
  let dataDir: string;
  let push: Awaited<ReturnType<typeof startPushService>>;
  let globexId: number;
  let site: Awaited<ReturnType<typeof websiteOf>>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pushdeck-client-delete-'));
    push = await startPushService();
    t = await createTestApp(backend, { config: { dataDir }, local: { origin: push.origin, ca: push.ca! } });
    site = await websiteOf(t.handle.db, 'https://news.globex.test');
    globexId = site.client_id;
    // what Globex owns beyond the demo: subscribers, a send with its ledger rows, an export file, uploaded images
    const subs = [];
    for (let i = 0; i < 5; i++) subs.push((await subscribe(t, push, site)).id);
    const drip = await addDrip(t.handle.db, site, { type: 'recurring', title: 'Doomed drip' });
    const occurrence = await t.handle.db
      .insertInto('occurrences')
      .values({ drip_id: drip.id, domain_id: site.id, client_id: globexId, type: 'recurring', due_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.handle.db
      .insertInto('send_ledger')
      .values(
        subs.map((subscriber_id) => ({
          occurrence_id: occurrence.id,
          subscriber_id,
          drip_id: drip.id,
          domain_id: site.id,
          client_id: globexId,
          type: 'recurring',
          status: 'sent',
        })),
      )
      .execute();
    await t.handle.db
      .insertInto('export_files')
      .values({
        client_id: globexId,
        user_id: null,
        kind: 'drips',
        basename: 'globex-export.csv',
        status: 'ready',
        params: JSON.stringify({}),
        actor: JSON.stringify({}),
      })
      .execute();
    await mkdir(path.join(dataDir, 'exports', String(globexId)), { recursive: true });
    await writeFile(path.join(dataDir, 'exports', String(globexId), 'globex-export.csv'), 'a,b\r\n');
    await mkdir(path.join(dataDir, 'uploads', String(globexId)), { recursive: true });
    for (const n of [1, 2]) await writeFile(path.join(dataDir, 'uploads', String(globexId), IMAGE(n)), 'png');
    // an Acme drip copied from Globex still shows image 2
    const acmeSite = await websiteOf(t.handle.db, 'https://shop.acme.test');
    await addDrip(t.handle.db, acmeSite, {
      type: 'recurring',
      title: 'Copied',
      customization: { ttl: 600, icon: `https://pushdeck.test/uploads/${globexId}/${IMAGE(2)}` },
    });
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const admin = () => signedIn(t, ADMIN.email, ADMIN.password);
  const clientRow = () => t.handle.db.selectFrom('clients').selectAll().where('id', '=', globexId).executeTakeFirst();
  const countOf = async (table: 'subscribers' | 'send_ledger' | 'stats_hourly' | 'domains' | 'users') =>
    Number(
      (
        await t.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('client_id', '=', globexId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('names what goes, refuses staff without the admin panel and every client role, and a wrong name', async () => {
    const a = await admin();
    const impact = (await a.get(`${CLIENTS}/${globexId}/deletion`)).json().data;
    expect(impact.client).toMatchObject({ id: globexId, name: 'Globex News' });
    expect(impact.counts).toMatchObject({ subscribers: 5, messages: 5, files: 1 });
    expect(impact.counts.users).toBeGreaterThanOrEqual(1);
    expect(impact.counts.websites).toBeGreaterThanOrEqual(1);
    expect(impact).toMatchObject({ blocked_by: null, running: null });

    for (const email of [DEMO.moder, DEMO.client, DEMO.globex]) {
      const c = await signedIn(t, email);
      expect((await c.get(`${CLIENTS}/${globexId}/deletion`)).statusCode).toBe(403);
      expect(
        (await c.request('DELETE', `${CLIENTS}/${globexId}`, { body: { confirm_name: 'Globex News' } })).statusCode,
      ).toBe(403);
    }
    const wrong = await a.request('DELETE', `${CLIENTS}/${globexId}`, { body: { confirm_name: 'Globex' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.confirm_name).toEqual([CLIENT_DELETION_MSG.confirmMismatch]);
    expect((await a.request('DELETE', `${CLIENTS}/${globexId}`, { body: {} })).statusCode).toBe(422);
    expect((await a.request('DELETE', `${CLIENTS}/999999`, { body: { confirm_name: 'x' } })).statusCode).toBe(404);
    expect(await clientRow()).toMatchObject({ is_active: 1 });
    expect(await t.handle.db.selectFrom('client_deletions').selectAll().execute()).toEqual([]);
  });

  it('is refused while a copy to or from the client runs', async () => {
    const a = await admin();
    const admins = await t.handle.db.selectFrom('users').select('id').limit(1).executeTakeFirstOrThrow();
    await t.handle.db
      .insertInto('copy_jobs')
      .values({
        id: '00000000-0000-4000-8000-000000000001',
        kind: 'recurring',
        user_id: admins.id,
        client_id: null,
        source_client_id: 1,
        target_client_id: globexId,
        status: 'running',
        params: JSON.stringify({}),
      })
      .execute();
    expect((await a.get(`${CLIENTS}/${globexId}/deletion`)).json().data.blocked_by).toBe(
      CLIENT_DELETION_MSG.copyRunning,
    );
    const refused = await a.request('DELETE', `${CLIENTS}/${globexId}`, { body: { confirm_name: 'Globex News' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CLIENT_DELETION_MSG.copyRunning);
    await t.handle.db.updateTable('copy_jobs').set({ status: 'completed' }).execute();
    expect(await clientRow()).toMatchObject({ is_active: 1 });
  });

  it('switches the client off at once, then the job deletes everything of it and nothing of anyone else', async () => {
    const a = await admin();
    const globexUser = await signedIn(t, DEMO.globex);
    expect((await globexUser.get('/api/auth/user/info')).statusCode).toBe(200);
    const acmeBefore = await t.handle.db
      .selectFrom('stats_hourly')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '<>', globexId)
      .executeTakeFirstOrThrow();

    const started = await a.request('DELETE', `${CLIENTS}/${globexId}`, { body: { confirm_name: ' Globex News ' } });
    expect(started.statusCode).toBe(202);
    const deletion: ClientDeletion = started.json().data;
    expect(deletion).toMatchObject({ client_id: globexId, client_name: 'Globex News', status: 'queued' });
    // its users are out, it cannot be switched back on, and asking again answers the same deletion
    expect((await globexUser.get('/api/auth/user/info')).statusCode).toBe(401);
    expect(await clientRow()).toMatchObject({ is_active: 0 });
    const on = await a.request('PUT', `${CLIENTS}/${globexId}`, { body: { id: globexId, is_active: 1 } });
    expect(on.statusCode).toBe(409);
    expect(on.json().message).toBe(CLIENT_DELETION_MSG.beingDeleted);
    const again = await a.request('DELETE', `${CLIENTS}/${globexId}`, { body: { confirm_name: 'Globex News' } });
    expect(again.json().data.id).toBe(deletion.id);
    expect((await a.get(`${CLIENTS}/${globexId}/deletion`)).json().data.running.id).toBe(deletion.id);
    // no copy starts to or from a client being deleted
    const acmeSite = await websiteOf(t.handle.db, 'https://shop.acme.test');
    const copy = await (await signedIn(t, DEMO.moder)).post('/api/v1/tools/copy-tools/recurring', {
      source_client_id: String(acmeSite.client_id),
      target_client_id: String(globexId),
      source_domain_id: String(acmeSite.id),
      target_domain_ids: String(site.id),
      drip_ids: '*',
    });
    expect(copy.statusCode).toBe(409);
    expect(copy.json().message).toBe(CLIENT_DELETION_MSG.beingDeleted);
    const listed = (await a.get(`${CLIENTS}?paginate=true&with[users]=*`)).json().data.data;
    expect(listed.find((c: { id: number }) => c.id === globexId)).toMatchObject({ is_active: 0, deleting: true });
    expect(listed.find((c: { id: number }) => c.id !== globexId).deleting).toBeUndefined();

    // the job, stopped after its third batch as if the process died there
    let batches = 0;
    let stopped!: () => void;
    const reached = new Promise<void>((r) => {
      stopped = r;
    });
    const audit = new AuditService(t.handle.db);
    const crashing = new ClientDeletionService(t.handle.db, audit, dataDir, null, {
      batchSize: 2,
      afterBatch: () => {
        batches += 1;
        if (batches < 3) return;
        stopped();
        return new Promise<void>(() => {});
      },
    });
    void crashing.run(deletion.id);
    await reached;
    const mid: ClientDeletion = (await a.get(`/api/v1/management/client-deletions/${deletion.id}`)).json().data;
    expect(mid.status).toBe('running');
    expect(mid.progress.done).toBe(5);
    expect(mid.progress.total).toBeGreaterThan(mid.progress.done);
    expect(await countOf('send_ledger')).toBe(0);

    // pg-boss runs it again: it goes on from there and finishes
    const progress: number[] = [];
    const retry = new ClientDeletionService(t.handle.db, audit, dataDir, null, {
      batchSize: 2,
      afterBatch: async (id) => {
        progress.push((await retry.status(id)).progress.done);
      },
    });
    await retry.run(deletion.id);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
    const done: ClientDeletion = (await a.get(`/api/v1/management/client-deletions/${deletion.id}`)).json().data;
    expect(done.status).toBe('completed');
    expect(done.progress.done).toBe(done.progress.total);
    expect(done.finished_at).not.toBeNull();

    expect(await clientRow()).toBeUndefined();
    for (const table of ['subscribers', 'send_ledger', 'stats_hourly', 'domains', 'users'] as const) {
      expect(await countOf(table)).toBe(0);
    }
    expect((await a.get(`${CLIENTS}/${globexId}`)).statusCode).toBe(404);
    expect(existsSync(path.join(dataDir, 'exports', String(globexId)))).toBe(false);
    expect(existsSync(path.join(dataDir, 'uploads', String(globexId), IMAGE(1)))).toBe(false);
    expect(existsSync(path.join(dataDir, 'uploads', String(globexId), IMAGE(2)))).toBe(true);
    expect((await signedIn(t, DEMO.globex).catch((e: Error) => e)) instanceof Error).toBe(true);
    // nobody else lost anything
    const acmeAfter = await t.handle.db
      .selectFrom('stats_hourly')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '<>', globexId)
      .executeTakeFirstOrThrow();
    expect(Number(acmeAfter.n)).toBe(Number(acmeBefore.n));
    expect((await (await signedIn(t, DEMO.client)).get('/api/auth/user/info')).statusCode).toBe(200);

    // audited: the request and the end, by the admin
    const rows = (
      await a.get(`/api/v1/management/audit?where[action]=client.delete&where[subject_id]=${globexId}`)
    ).json().data.data;
    expect(rows).toHaveLength(2);
    expect(rows.map((r: { actor_email: string }) => r.actor_email)).toEqual([ADMIN.email, ADMIN.email]);
    expect(rows.map((r: { after: { status: string } }) => r.after.status).sort()).toEqual(['completed', 'queued']);
  });
});
