import { defineConfig } from 'vitest/config';

// Browser journeys: the built product (npm run build) started once on a fresh embedded database.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    // expect.poll waits for a condition; its 1 s default is too short on a loaded CI machine (2 cores)
    expect: { poll: { timeout: 10_000 } },
  },
});
