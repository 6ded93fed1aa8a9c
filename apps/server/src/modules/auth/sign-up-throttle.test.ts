import { LIMITS, MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, type TestApp, TestClient } from '../../test/harness.ts';

const WINDOW_S = LIMITS.signUpWindowMinutes * 60;

describe.each(testBackends())('sign-up throttling on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  const guest = async (ip: string) => {
    const c = new TestClient(t.app, ip);
    await c.csrf();
    return c;
  };
  const clientBody = (n: string) => ({
    name: `Spam ${n}`,
    client_name: `Spam ${n}`,
    email: `spam-${n}@example.com`,
    password: 'password8',
    password_confirmation: 'password8',
  });
  const count = async (table: 'clients' | 'users') =>
    Number(
      (
        await t.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const expectRefused = (res: Awaited<ReturnType<TestClient['post']>>) => {
    expect(res.statusCode, res.body).toBe(429);
    const seconds = Number(res.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(WINDOW_S);
    expect(res.json().message).toBe(MSG.tooManySignUps.replace(':seconds', String(seconds)));
  };

  it('refuses a burst of sign-ups from one address with 429, Retry-After and the text, creating nothing', async () => {
    const c = await guest('10.1.0.1');
    for (let i = 0; i < LIMITS.signUpsPerAddress; i++) {
      const res = await c.post('/api/auth/client/register', clientBody(`a${i}`));
      expect(res.statusCode, res.body).toBe(201);
      c.cookies = {};
      await c.csrf();
    }
    const clients = await count('clients');
    const users = await count('users');
    // a new client and a user joining one count together, from the same address
    expectRefused(await c.post('/api/auth/client/register', clientBody('a-over')));
    expectRefused(
      await c.post('/api/auth/user/register', {
        name: 'Joiner',
        email: 'joiner@example.com',
        password: 'password8',
        password_confirmation: 'password8',
        client_uid: 'whatever',
      }),
    );
    expect(await count('clients')).toBe(clients);
    expect(await count('users')).toBe(users);
    // another address still signs up
    const other = await guest('10.1.0.2');
    expect((await other.post('/api/auth/client/register', clientBody('b'))).statusCode).toBe(201);
  });

  it('refuses sign-ups from every address once all addresses together reach the global limit', async () => {
    // attempts count whether they succeed or not (an unknown client uid is refused with 422, after counting)
    const used = LIMITS.signUpsPerAddress + 1; // the previous test's successful sign-ups
    let left = LIMITS.signUpsGlobal - used;
    for (let a = 3; left > 0; a++) {
      const c = await guest(`10.1.0.${a}`);
      for (let i = 0; i < LIMITS.signUpsPerAddress && left > 0; i++, left--) {
        const res = await c.post('/api/auth/user/register', {
          name: 'Joiner',
          email: `joiner-${a}-${i}@example.com`,
          password: 'password8',
          password_confirmation: 'password8',
          client_uid: 'missing',
        });
        expect(res.statusCode, res.body).toBe(422);
      }
    }
    const clients = await count('clients');
    const fresh = await guest('10.1.9.9');
    expectRefused(await fresh.post('/api/auth/client/register', clientBody('late')));
    expect(await count('clients')).toBe(clients);
  });
});
