// The server bundle: npm packages stay external, workspace packages are bundled in. Used by build.mjs (dist/main.js)
// and by the embedded crash test, which runs the same artifact as `npm start`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@pushdeck/'));

/** Bundles src/main.ts into `outfile` (a path inside the repository, so that npm packages resolve). */
export async function bundleServer(outfile) {
  await build({
    absWorkingDir: root,
    entryPoints: ['src/main.ts'],
    outfile,
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
}
