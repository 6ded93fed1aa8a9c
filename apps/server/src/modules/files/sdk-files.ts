import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderSdkFile, type SdkFileName, sdkDistUrl } from '@pushdeck/sdk';

const cache = new Map<SdkFileName, string>();

/** The built script: next to the bundled server (dist/sdk), else the SDK package's own dist (source runs, tests). */
async function builtSource(name: SdkFileName): Promise<string> {
  const cached = cache.get(name);
  if (cached) return cached;
  const candidates = [path.join(import.meta.dirname, 'sdk', `${name}.js`), fileURLToPath(sdkDistUrl(name))];
  const file = candidates.find((c) => existsSync(c));
  if (!file)
    throw new Error(
      `The subscriber scripts are not built: run npm run build -w @pushdeck/sdk (looked in ${candidates.join(', ')})`,
    );
  const text = await readFile(file, 'utf8');
  cache.set(name, text);
  return text;
}

export interface SiteScriptConfig {
  websiteId: string;
  vapidPublicKey: string;
  apiBase: string;
}

/** pushmine.js or sw_pm.js for one website: the built script with that website's configuration in front. */
export async function siteScript(name: SdkFileName, cfg: SiteScriptConfig): Promise<string> {
  return renderSdkFile(name, { ...cfg, swPath: '/sw_pm.js', autoPrompt: true }, await builtSource(name));
}
