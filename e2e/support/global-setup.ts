import type { TestProject } from 'vitest/node';
import { startBuiltServer } from './built-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Starts the built server (apps/server/dist) on a free port with a fresh embedded database and demo data. */
export default async function setup(project: TestProject) {
  const server = await startBuiltServer('e2e');
  project.provide('baseUrl', server.baseUrl);
  return server.stop;
}
