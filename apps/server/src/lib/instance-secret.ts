import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomToken } from './crypto.ts';

/** PUSHDECK_SECRET when given, else a secret generated once into the data folder (mode 0600). */
export async function loadInstanceSecret(dataDir: string, given: string | undefined): Promise<string> {
  if (given) {
    if (given.length < 32) throw new Error('PUSHDECK_SECRET must be at least 32 characters long');
    return given;
  }
  const file = path.join(dataDir, 'secret.key');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(dataDir, { recursive: true });
    const secret = randomToken(48);
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' }).catch(async () => {
      // another process wrote it first
    });
    return (await readFile(file, 'utf8')).trim();
  }
}
