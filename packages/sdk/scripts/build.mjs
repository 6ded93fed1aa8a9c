// Builds the subscriber-side scripts into self-contained IIFE files: dist/pushmine.js and dist/sw_pm.js.
// The server prepends `self.PUSHMINE_CONFIG = {…};` per website (see renderSdkFile in src/render.ts).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist`;

const entries = [
  { entry: 'src/pushmine.ts', out: 'pushmine.js' },
  { entry: 'src/sw-pm.ts', out: 'sw_pm.js' },
];

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });
await Promise.all(
  entries.map(({ entry, out }) =>
    build({
      absWorkingDir: root,
      entryPoints: [entry],
      outfile: `${outdir}/${out}`,
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2020',
      minify: true,
      legalComments: 'none',
      charset: 'utf8',
      logLevel: 'warning',
    }),
  ),
);
// The server prepends a configuration line, which would demote a file-level "use strict" to a plain
// expression: move the directive inside the IIFE so the code stays strict.
for (const { out } of entries) {
  const file = `${outdir}/${out}`;
  const source = await readFile(file, 'utf8');
  const strictInside = source.replace(/^"use strict";\s*\(\(\)=>\{/, '(()=>{"use strict";');
  if (!strictInside.startsWith('(()=>{"use strict";')) throw new Error(`${out}: unexpected esbuild output shape`);
  await writeFile(file, strictInside);
}
console.log(`built ${entries.map(({ out }) => `dist/${out}`).join(', ')}`);
