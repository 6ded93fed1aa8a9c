import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'push-service', include: ['src/**/*.test.ts'], testTimeout: 30_000 } });
