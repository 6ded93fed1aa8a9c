import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'web-push', include: ['src/**/*.test.ts'], testTimeout: 30_000 } });
