import { LIVE_EVENTS, SESSION_COOKIE } from '@pushdeck/contracts';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openPostgres } from '../../db/connect.ts';
import { exportRunJob } from '../../jobs/exports.jobs.ts';
import { JobRunner } from '../../jobs/job-runner.ts';
import { sha256 } from '../../lib/crypto.ts';
import { type LiveBus, openLiveBus } from '../../lib/live-events.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { App } from '../../plugins/types.ts';
import { testBackends } from '../../test/backends.ts';
import { ADMIN, DEMO, signedIn, TEST_SECRET, TestClient } from '../../test/harness.ts';
import { createExports } from '../../worker-services.ts';
import { UsersRepository } from '../auth/users.repository.ts';
import { endpointPolicy } from '../delivery/delivery.ts';
import { openExportsWorld } from './export-test-kit.ts';

interface Sse {
  events: { event: string; data: Record<string, unknown> }[];
  /** Resolves with the first event that matches. */
  next(match: (e: { event: string; data: Record<string, unknown> }) => boolean): Promise<Record<string, unknown>>;
  close(): void;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
}

/** An EventSource-like reader of GET /api/events on a listening app, signed in as `c`. */
async function openStream(base: string, c: TestClient, query = ''): Promise<Sse> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events${query}`, {
    headers: { cookie: `${SESSION_COOKIE}=${c.sessionCookie}` },
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const events: Sse['events'] = [];
  const waiters: { match: (e: Sse['events'][number]) => boolean; resolve: (d: Record<string, unknown>) => void }[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  let ready = () => {};
  const opened = new Promise<void>((r) => {
    ready = r;
  });
  const ended = (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!event || data === undefined) continue;
          if (event === 'ready') ready();
          const e = { event, data: JSON.parse(data) as Record<string, unknown> };
          events.push(e);
          for (const w of [...waiters]) {
            if (w.match(e)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(e.data);
            }
          }
        }
      }
    } catch {
      // aborted
    }
  })();
  await opened;
  return {
    events,
    next: (match) =>
      new Promise((resolve) => {
        const found = events.find(match);
        if (found) resolve(found.data);
        else waiters.push({ match, resolve });
      }),
    close: () => abort.abort(),
    ended,
  };
}

const explorer = {
  timezone: 'UTC',
  date_trunc: 'month',
  filters: { date_start: '2026-10-01', date_end: '2026-11-10' },
  groups: ['website_id', 'date'],
};

describe.each(testBackends())('live file events (SSE) on $name', { timeout: 120_000 }, (backend) => {
  let world: Awaited<ReturnType<typeof openExportsWorld>>;
  /** Where browsers listen: the same process on the embedded database, another API process on PostgreSQL. */
  let listener: App;
  let base: string;
  const extra: { close(): Promise<void> }[] = [];
  let secondLive: LiveBus | undefined;

  beforeAll(async () => {
    world = await openExportsWorld(backend, { work: true });
    const { t } = world;
    listener = t.app;
    if (backend.name === 'postgres') {
      // a second API process: its own pool, queue client and LISTEN connection, no worker
      const conn = (t.handle.boss as { connectionString: string }).connectionString;
      const handle = await openPostgres(conn);
      const live = await openLiveBus(handle);
      secondLive = live;
      const jobs = new JobRunner(handle, pino({ level: 'silent' }));
      jobs.define(exportRunJob(createExports({ db: handle.db, box: t.box, dataDir: world.dataDir, live, jobs })));
      await jobs.start({ work: false });
      const built = await buildApp({
        config: t.config,
        db: handle.db,
        secret: TEST_SECRET,
        triggers: t.delivery.scheduler,
        endpointPolicy: endpointPolicy(t.config, undefined),
        jobs,
        live,
        sharedRateLimits: true,
        logger: false,
      });
      listener = built.app;
      extra.push({
        async close() {
          await built.app.close();
          await jobs.stop();
          await live.close();
          await handle.close();
        },
      });
    }
    await listener.listen({ port: 0, host: '127.0.0.1' });
    const address = listener.server.address() as { port: number };
    base = `http://127.0.0.1:${address.port}`;
    // seeding the statistics world takes long on a loaded machine
  }, 180_000);
  afterAll(async () => {
    for (const e of extra) await e.close();
    await world?.close();
  });

  it("a file's status reaches its client's streams (in progress, then ready with the link), and no one else's", async () => {
    const { t } = world;
    const client = await signedIn(t, DEMO.client);
    const user = await signedIn(t, DEMO.user);
    const globex = await signedIn(t, DEMO.globex);
    const { id: clientId } = await t.handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO.client)
      .executeTakeFirstOrThrow();
    const { client_uid: acmeUid } = await t.handle.db
      .selectFrom('clients')
      .select('client_uid')
      .where('name', '=', 'Acme Shop')
      .executeTakeFirstOrThrow();
    const mine = await openStream(base, client);
    const colleague = await openStream(base, user);
    const other = await openStream(base, globex);
    try {
      // the export starts in the first process, whose worker writes it
      const started = await client.post('/api/v2/statistics/getDataExplorer?file=true', explorer);
      expect(started.statusCode, started.body).toBe(202);
      const { basename } = started.json().data;
      const isReady = (e: Sse['events'][number]) =>
        e.event === LIVE_EVENTS.fileStatus && e.data.basename === basename && e.data.status === 'ready';
      const ready = await mine.next(isReady);
      expect(ready).toMatchObject({
        channel: 'files',
        status: 'ready',
        userId: clientId,
        link: `/api/v1/files/download/${basename}?client=${acmeUid}`,
      });
      expect((ready.progress as { rows: number }).rows).toBeGreaterThan(0);
      expect(mine.events.some((e) => e.data.basename === basename && e.data.status === 'in_progress')).toBe(true);
      // a colleague of the same client sees the update too (their list refreshes; only the asker opens the link)
      expect(await colleague.next(isReady)).toMatchObject({ userId: clientId });
      expect(other.events.filter((e) => e.event === LIVE_EVENTS.fileStatus)).toEqual([]);
    } finally {
      mine.close();
      colleague.close();
      other.close();
    }
  });

  it('an unsigned stream is refused (401)', async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  // only a server has a listening connection to drop (the embedded database's bus is in-process)
  if (backend.name === 'postgres')
    it('the listening connection is reopened after a drop', async () => {
      const { t } = world;
      const killed = await sql<{ n: number }>`
      select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = current_database() and query ilike 'listen pushdeck_live%'`.execute(t.handle.db);
      expect(killed.rows[0]!.n).toBeGreaterThanOrEqual(2);
      const client = await signedIn(t, DEMO.client);
      // the bus reconnects within a second; events published after that arrive again
      const deadline = Date.now() + 10_000;
      for (;;) {
        const back = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and query ilike 'listen pushdeck_live%'`.execute(t.handle.db);
        if (back.rows[0]!.n >= 2) break;
        if (Date.now() > deadline) throw new Error('the listeners did not come back');
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(secondLive).toBeDefined();
      const stream = await openStream(base, client);
      try {
        const started = await client.post('/api/v2/statistics/getDataExplorer?file=true', explorer);
        expect(started.statusCode, started.body).toBe(202);
        const { basename } = started.json().data;
        const ready = await stream.next((e) => e.data.basename === basename && e.data.status === 'ready');
        expect(ready.link).toMatch(new RegExp(`^/api/v1/files/download/${basename}\\?client=`));
      } finally {
        stream.close();
      }
    });

  describe('a stream ends with its session, and nothing reaches it afterwards', () => {
    let n = 0;
    const acmeId = async () =>
      (await t().handle.db.selectFrom('clients').select('id').where('name', '=', 'Acme Shop').executeTakeFirstOrThrow())
        .id;
    const t = () => world.t;
    /** A fresh user of Acme Shop, signed in. */
    const freshUser = async (role = 'user') => {
      n += 1;
      const email = `stream-${n}@example.com`;
      const row = await new UsersRepository(t().handle.db).insert(
        { client_id: await acmeId(), name: `Stream ${n}`, email, password: await hashPassword('password8') },
        role,
      );
      return { id: row.id, email, c: await signedIn(t(), email, 'password8') };
    };
    /** A file event for Acme Shop, published from the first process (the stream listens on the other, on PostgreSQL). */
    const publish = async (basename: string) => {
      const clientId = await acmeId();
      await t().live.publish({
        channel: 'files',
        event: LIVE_EVENTS.fileStatus,
        clientId,
        data: { status: 'in_progress', userId: 1, link: null, progress: { rows: 0, total: 1 }, basename },
      });
    };
    /**
     * Opens a stream as `c`, sees an event arrive, then `end`s the session: the stream closes, and an event published
     * right after the ending call answered is never written to it.
     */
    const endsWith = async (c: TestClient, end: () => Promise<void>, query = '') => {
      const stream = await openStream(base, c, query);
      try {
        const before = `before-${n}-${Date.now()}`;
        await publish(before);
        await stream.next((e) => e.data.basename === before);
        await end();
        const after = `after-${n}-${Date.now()}`;
        await publish(after);
        await stream.ended;
        expect(stream.events.filter((e) => e.data.basename === after)).toEqual([]);
      } finally {
        stream.close();
      }
    };
    const admin = () => signedIn(t(), ADMIN.email, ADMIN.password);

    it('on logout', async () => {
      const { c } = await freshUser();
      const same = new TestClient(t().app);
      same.cookies = { ...c.cookies };
      await endsWith(same, async () => {
        expect((await c.post('/api/auth/user/logout')).statusCode).toBe(204);
      });
    });

    it('on a password change (the session it was opened on was rotated; other sessions ended)', async () => {
      const { c, email } = await freshUser();
      const other = await signedIn(t(), email, 'password8');
      await endsWith(other, async () => {
        const res = await c.post('/api/auth/user/change-password', {
          old_password: 'password8',
          new_password: 'password9',
          new_password_confirmation: 'password9',
        });
        expect(res.statusCode).toBe(200);
      });
      // the session that changed it was rotated: a stream on its old token ends too
      const { c: self } = await freshUser();
      const old = new TestClient(t().app);
      old.cookies = { ...self.cookies };
      await endsWith(old, async () => {
        const res = await self.post('/api/auth/user/change-password', {
          old_password: 'password8',
          new_password: 'password9',
          new_password_confirmation: 'password9',
        });
        expect(res.statusCode).toBe(200);
      });
    });

    it('when an admin switches the user off, or their client', async () => {
      const a = await admin();
      const { c, id } = await freshUser();
      await endsWith(c, async () => {
        expect((await a.request('PUT', `/api/v1/management/users/${id}`, { body: { is_active: 0 } })).statusCode).toBe(
          200,
        );
      });
      const { c: colleague } = await freshUser();
      const acme = await acmeId();
      try {
        await endsWith(colleague, async () => {
          const res = await a.request('PUT', `/api/v1/management/clients/${acme}`, { body: { is_active: 0 } });
          expect(res.statusCode, res.body).toBe(200);
        });
      } finally {
        await a.request('PUT', `/api/v1/management/clients/${acme}`, { body: { is_active: 1 } });
      }
    });

    it('when the moderator behind an impersonation is switched off', async () => {
      const staff = await new UsersRepository(t().handle.db).insert(
        {
          client_id: null,
          name: 'Stream moder',
          email: 'stream-moder@pushdeck.test',
          password: await hashPassword('password8'),
        },
        'moder',
      );
      const m = await signedIn(t(), 'stream-moder@pushdeck.test', 'password8');
      const { id: target } = await freshUser();
      expect((await m.post(`/api/auth/moder/loginToUser?user_id=${target}`)).statusCode).toBe(200);
      const a = await admin();
      await endsWith(m, async () => {
        const res = await a.request('PUT', `/api/v1/management/users/${staff.id}`, { body: { is_active: 0 } });
        expect(res.statusCode).toBe(200);
      });
    });

    it("when staff watching a client's events lose staff rights (signed in still, but not for that client)", async () => {
      const staff = await new UsersRepository(t().handle.db).insert(
        {
          client_id: null,
          name: 'Watching moder',
          email: 'watching-moder@pushdeck.test',
          password: await hashPassword('password8'),
        },
        'moder',
      );
      const m = await signedIn(t(), 'watching-moder@pushdeck.test', 'password8');
      const { client_uid } = await t()
        .handle.db.selectFrom('clients')
        .select('client_uid')
        .where('name', '=', 'Acme Shop')
        .executeTakeFirstOrThrow();
      const a = await admin();
      await endsWith(
        m,
        async () => {
          const res = await a.request('PUT', `/api/v1/management/users/${staff.id}`, { body: { roles: ['viewer'] } });
          expect(res.statusCode, res.body).toBe(200);
        },
        `?client=${client_uid}`,
      );
      expect((await m.get('/api/auth/user/info')).statusCode).toBe(200);
    });

    it('when its session expires (no request pushed it back)', async () => {
      const { c } = await freshUser();
      const id = sha256(c.sessionCookie!);
      await t()
        .handle.db.updateTable('sessions')
        .set({ expires_at: new Date(Date.now() + 2500) })
        .where('id', '=', id)
        .execute();
      const stream = await openStream(base, c);
      try {
        const before = `expiring-${Date.now()}`;
        await publish(before);
        await stream.next((e) => e.data.basename === before);
        const opened = Date.now();
        await stream.ended;
        expect(Date.now() - opened).toBeLessThan(6000);
        const after = `expired-${Date.now()}`;
        await publish(after);
        expect(stream.events.filter((e) => e.data.basename === after)).toEqual([]);
      } finally {
        stream.close();
      }
      expect((await c.get('/api/auth/user/info')).statusCode).toBe(401);
    });
  });
});
