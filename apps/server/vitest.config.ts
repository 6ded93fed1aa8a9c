import { globSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const PG_ONLY = 'src/**/*.pg.test.ts';
const withServer = Boolean(process.env.TEST_DATABASE_URL);

// *.pg.test.ts need a PostgreSQL server (several processes on one database); CI sets TEST_DATABASE_URL. Without it
// they are left out, and the run says so and which ones.
if (!withServer) {
  const files = globSync(PG_ONLY, { cwd: root });
  if (files.length > 0) {
    console.warn(
      `\n[server] ${files.length} PostgreSQL-only test file(s) NOT RUN: TEST_DATABASE_URL is not set ` +
        `(e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres):\n${files.map((f) => `  - ${f}`).join('\n')}\n` +
        '  and every other server test runs on the embedded database (PGlite) only, not on PostgreSQL as well.\n',
    );
  }
}

export default defineProject({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: withServer ? [] : [PG_ONLY],
    environment: 'node',
    globalSetup: ['./src/test/setup-sdk.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
