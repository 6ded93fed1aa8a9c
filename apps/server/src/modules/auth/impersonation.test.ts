import { MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp } from '../../test/harness.ts';

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
});
