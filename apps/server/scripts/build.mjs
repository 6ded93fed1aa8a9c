// Bundles the server into dist/main.js; npm packages stay external, workspace packages are bundled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@pushdeck/'));

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  external,
  alias: { '@': './src' },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});

// The subscriber scripts travel with the server: dist/sdk/{pushmine,sw_pm}.js (see modules/files/sdk-files.ts).
const { cp } = await import('node:fs/promises');
await cp(new URL('../../../packages/sdk/dist', import.meta.url), new URL('../dist/sdk', import.meta.url), {
  recursive: true,
});
