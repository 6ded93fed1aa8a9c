import { generateVapidKeys } from '@pushdeck/web-push';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import { DomainsRepository } from './domains.repository.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A fresh VAPID key pair for a new domain; the private key sealed for storage. */
export function newDomainKeys(box: SecretBox): { vapid_public_key: string; vapid_private_key: string } {
  const keys = generateVapidKeys();
  return { vapid_public_key: keys.publicKey, vapid_private_key: box.seal(keys.privateKey) };
}

export function openDomainKeys(
  row: { vapid_public_key: string | null; vapid_private_key: string | null },
  box: SecretBox,
): VapidKeys {
  if (!row.vapid_public_key || !row.vapid_private_key) throw new Error('Domain has no VAPID keys');
  return { publicKey: row.vapid_public_key, privateKey: box.open(row.vapid_private_key) };
}

/** Gives every domain without keys its own pair (domains created before keys existed). */
export async function backfillDomainKeys(db: Kysely<DB>, box: SecretBox): Promise<number> {
  const domains = new DomainsRepository(db);
  const missing = await domains.withoutKeys();
  for (const id of missing) await domains.setKeysIfMissing(id, newDomainKeys(box));
  return missing.length;
}
