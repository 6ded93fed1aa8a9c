import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { QuotaRepository } from '../billing/quota.repository.ts';
import { LedgerRepository } from './ledger.repository.ts';

type Claimed = Awaited<ReturnType<LedgerRepository['claim']>>[number];

/**
 * Claims ledger rows for sending within each client's monthly send quota, in one transaction: rows first claimed
 * now (quota_at was null) beyond the client's remaining quota are marked `over_quota` and never sent. The check holds
 * an advisory lock per client-month, so workers sending for one client at once never exceed the cap together.
 * Clients without a send quota take no lock.
 */
export async function claimWithinQuota(db: Kysely<DB>, ledgerIds: readonly number[]): Promise<Claimed[]> {
  if (ledgerIds.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const ledger = new LedgerRepository(trx);
    const fresh = await ledger.notYetCounted(ledgerIds);
    const rows = await ledger.claim(ledgerIds);
    const quotas = new QuotaRepository(trx);
    const over: number[] = [];
    for (const clientId of [...new Set(rows.map((r) => r.client_id))].sort((a, b) => a - b)) {
      const quota = await quotas.quotaOf(clientId);
      if (quota.monthly_sends === null) continue;
      const mine = rows
        .filter((r) => r.client_id === clientId && fresh.has(Number(r.id)))
        .map((r) => Number(r.id))
        .sort((a, b) => a - b);
      if (mine.length === 0) continue;
      await quotas.lockSendMonth(clientId, quota.timezone);
      const used = await quotas.sendsThisMonth(clientId, quota.timezone, mine);
      const room = Math.max(0, quota.monthly_sends - used);
      over.push(...mine.slice(room));
    }
    if (over.length === 0) return rows;
    await ledger.markOverQuota(over);
    const refused = new Set(over);
    return rows.filter((r) => !refused.has(Number(r.id)));
  });
}
