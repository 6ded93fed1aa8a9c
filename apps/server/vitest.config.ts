import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // *.pg.test.ts need a PostgreSQL server (several processes on one database); CI sets TEST_DATABASE_URL
    exclude: process.env.TEST_DATABASE_URL ? [] : ['src/**/*.pg.test.ts'],
    environment: 'node',
    globalSetup: ['./src/test/setup-sdk.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
