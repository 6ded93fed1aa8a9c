import { defineConfig } from 'vitest/config';

// Unit and server tests of every workspace; the browser journeys in e2e/ run separately (npm run test:e2e).
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'tools/*/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/web/vite.config.ts',
    ],
  },
});
