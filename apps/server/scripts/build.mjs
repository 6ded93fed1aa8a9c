// Bundles the server into dist/main.js (scripts/bundle.mjs), with the subscriber scripts next to it.
import { cp } from 'node:fs/promises';
import { bundleServer } from './bundle.mjs';

await bundleServer('dist/main.js');

// The subscriber scripts travel with the server: dist/sdk/{pushmine,sw_pm}.js (see modules/files/sdk-files.ts).
await cp(new URL('../../../packages/sdk/dist', import.meta.url), new URL('../dist/sdk', import.meta.url), {
  recursive: true,
});
