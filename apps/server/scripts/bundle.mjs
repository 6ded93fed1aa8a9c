// The server bundle: npm packages stay external, workspace packages are bundled in. Used by build.mjs (dist/main.js)
// and by the embedded crash test, which runs the same artifact as `npm start`. The demo (src/demo, with the local push
// service and its optional dependencies) is split into its own chunk, loaded only when the demo is on.
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.optionalDependencies ?? {})].filter(
  (d) => !d.startsWith('@pushdeck/'),
);

/**
 * Bundles src/main.ts into `outfile` (a path inside the repository, so that npm packages resolve), with its lazily
 * loaded chunks in `chunks/` next to it.
 */
export async function bundleServer(outfile) {
  const outdir = path.dirname(path.resolve(root, outfile));
  await rm(path.join(outdir, 'chunks'), { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    // main.js checks the Node.js version and then loads server.js (an entry of its own, so that it stays next to
    // main.js: its import.meta.dirname finds sdk/ and ../../web/dist); an export runs in a worker thread of its own
    // (modules/exports/export-threads.ts) from export-thread.js
    entryPoints: {
      [path.basename(outfile, '.js')]: 'src/main.ts',
      server: 'src/server.ts',
      'export-thread': 'src/modules/exports/export-thread.ts',
    },
    outdir,
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
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
