import { MSG } from '@pushdeck/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords.ts';
import { testBackends } from '../../test/backends.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import { UsersRepository } from './users.repository.ts';

describe.each(testBackends())('impersonation rules on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  const idOf = async (email: string) =>
    (await t.handle.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const loginTo = async (as: string, target: number, password?: string) => {
    const c = await signedIn(t, as, password);
    const res = await c.post(`/api/auth/moder/loginToUser?user_id=${target}`);
    return { res, who: (await c.get('/api/auth/user/info')).json().data.email as string };
  };
  const starts = async () =>
    Number(
      (
        await t.handle.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('action', '=', 'impersonation.start')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('never enters admin, another staff account, a staff role without staff permissions, or oneself', async () => {
    const before = await starts();
    // a client user given the staff role admin_demo (no staff permission) is still staff
    const demoStaff = await idOf(DEMO.globex);
    const role = await t.handle.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'admin_demo')
      .executeTakeFirstOrThrow();
    await t.handle.db
      .updateTable('model_has_roles')
      .set({ role_id: role.id })
      .where('user_id', '=', demoStaff)
      .execute();
    for (const [as, target, password] of [
      [DEMO.moder, await idOf(ADMIN.email)],
      [DEMO.moder, await idOf(DEMO.moder)],
      [DEMO.moder, demoStaff],
      [ADMIN.email, await idOf(DEMO.moder), ADMIN.password],
      [ADMIN.email, await idOf(ADMIN.email), ADMIN.password],
    ] as [string, number, string?][]) {
      const { res, who } = await loginTo(as, target, password);
      expect(res.statusCode, `${as} → ${target}`).toBe(403);
      expect(res.json().message).toBe(MSG.staffNotImpersonable);
      expect(who).toBe(as);
    }
    expect(await starts()).toBe(before);
  });

  it('never enters an inactive user or a user of an inactive client', async () => {
    const before = await starts();
    const user = await idOf(DEMO.user);
    await t.handle.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user).execute();
    const inactive = await loginTo(DEMO.moder, user);
    expect(inactive.res.statusCode).toBe(422);
    expect(inactive.who).toBe(DEMO.moder);
    await t.handle.db.updateTable('users').set({ is_active: 1 }).where('id', '=', user).execute();

    const acme = await t.handle.db
      .selectFrom('users')
      .select('client_id')
      .where('id', '=', user)
      .executeTakeFirstOrThrow();
    await t.handle.db.updateTable('clients').set({ is_active: 0 }).where('id', '=', acme.client_id!).execute();
    const offClient = await loginTo(DEMO.moder, user);
    expect(offClient.res.statusCode).toBe(422);
    expect(offClient.res.json().message).toBe(MSG.accountInactive);
    await t.handle.db.updateTable('clients').set({ is_active: 1 }).where('id', '=', acme.client_id!).execute();
    expect(await starts()).toBe(before);

    const ok = await loginTo(DEMO.moder, user);
    expect(ok.res.statusCode).toBe(200);
    expect(ok.who).toBe(DEMO.user);
    expect(await starts()).toBe(before + 1);
  });

  describe('ends when its staff account may no longer "Log in as"', () => {
    let n = 0;
    /** A fresh moder (role moder), signed in as DEMO.user through 'Log in as'. */
    const impersonating = async () => {
      n += 1;
      const email = `moder-${n}@pushdeck.test`;
      const staff = await new UsersRepository(t.handle.db).insert(
        { client_id: null, name: `Moder ${n}`, email, password: await hashPassword('password8') },
        'moder',
      );
      const c = await signedIn(t, email, 'password8');
      const target = await idOf(DEMO.user);
      expect((await c.post(`/api/auth/moder/loginToUser?user_id=${target}`)).statusCode).toBe(200);
      expect((await c.get('/api/auth/user/info')).json().data).toMatchObject({
        email: DEMO.user,
        backToModerUrl: `/api/auth/moder/backToModer/${staff.id}`,
      });
      return { c, staff: staff.id, email, target };
    };
    const ends = (staff: number) =>
      t.handle.db
        .selectFrom('audit_log')
        .select(['actor_id', 'impersonator_id', 'subject_id', 'before', 'after'])
        .where('action', '=', 'impersonation.end')
        .where(sql<boolean>`(before ->> 'impersonator_id')::int = ${staff}`)
        .execute();
    /** Reads and writes of the impersonation session are refused with 401, and it is gone. */
    const refused = async (c: TestClient) => {
      expect((await c.get('/api/auth/user/info')).statusCode).toBe(401);
      const write = await c.post('/api/auth/user/change-password', {
        old_password: DEMO.password,
        new_password: 'another-pass',
        new_password_confirmation: 'another-pass',
      });
      expect(write.statusCode).toBe(401);
    };
    const admin = () => signedIn(t, ADMIN.email, ADMIN.password);

    it('when an admin switches the moderator off: 401 at once, one audit row with the reason', async () => {
      const { c, staff, email, target } = await impersonating();
      const a = await admin();
      expect((await a.request('PUT', `/api/v1/management/users/${staff}`, { body: { is_active: 0 } })).statusCode).toBe(
        200,
      );
      await refused(c);
      const rows = await ends(staff);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actor_id: await idOf(ADMIN.email),
        subject_id: target,
        before: { user_id: target, email: DEMO.user, impersonator_id: staff },
        after: { reason: 'impersonator_deactivated' },
      });
      // and the moderator's own sign-in is refused
      const own = new (c.constructor as typeof TestClient)(t.app);
      await own.csrf();
      expect((await own.post('/api/auth/user/login', { email, password: 'password8' })).statusCode).toBe(422);
    });

    it('when an admin takes the moder role away: 401 at once, one audit row', async () => {
      const { c, staff } = await impersonating();
      const a = await admin();
      const res = await a.request('PUT', `/api/v1/management/users/${staff}`, { body: { roles: ['viewer'] } });
      expect(res.statusCode, res.body).toBe(200);
      await refused(c);
      expect((await ends(staff)).map((r) => r.after)).toEqual([{ reason: 'impersonator_demoted' }]);
    });

    it('when an admin deletes the moderator: 401, and the trail says so before the account goes', async () => {
      const { c, staff } = await impersonating();
      const a = await admin();
      expect((await a.request('DELETE', `/api/v1/management/users/${staff}`)).statusCode).toBe(204);
      await refused(c);
      expect((await ends(staff)).map((r) => r.after)).toEqual([{ reason: 'impersonator_deleted' }]);
    });

    it("when the moderator's role loses the permission (any way): the next request ends it, audited once", async () => {
      const { c, staff, target } = await impersonating();
      // the moderator's rights change without touching the account: its role is edited
      const role = await t.handle.db
        .insertInto('roles')
        .values({ name: `moder-lite-${staff}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const perm = await t.handle.db
        .selectFrom('permissions')
        .select('id')
        .where('name', '=', 'menu.clients.management')
        .executeTakeFirstOrThrow();
      await t.handle.db
        .insertInto('role_has_permissions')
        .values({ role_id: role.id, permission_id: perm.id })
        .execute();
      await t.handle.db.updateTable('model_has_roles').set({ role_id: role.id }).where('user_id', '=', staff).execute();
      expect((await c.get('/api/auth/user/info')).statusCode).toBe(200);
      await t.handle.db.deleteFrom('role_has_permissions').where('role_id', '=', role.id).execute();
      // three requests at once: all refused, one row
      const all = await Promise.all([
        c.get('/api/auth/user/info'),
        c.get('/api/auth/user/info'),
        c.get('/api/auth/user/info'),
      ]);
      expect(all.map((r) => r.statusCode)).toEqual([401, 401, 401]);
      await refused(c);
      const rows = await ends(staff);
      expect(rows).toHaveLength(1);
      // nobody else acted: the impersonated user is the actor, the moderator behind it
      expect(rows[0]).toMatchObject({
        actor_id: target,
        impersonator_id: staff,
        after: { reason: 'impersonator_demoted' },
      });
    });
  });
});
