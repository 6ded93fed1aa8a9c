import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Server tests serve the built subscriber scripts: build them once if they are missing. */
export default function setup() {
  const dist = fileURLToPath(new URL('../../../../packages/sdk/dist/sw_pm.js', import.meta.url));
  if (!existsSync(dist)) {
    execFileSync(
      process.execPath,
      [fileURLToPath(new URL('../../../../packages/sdk/scripts/build.mjs', import.meta.url))],
      {
        stdio: 'inherit',
      },
    );
  }
}
