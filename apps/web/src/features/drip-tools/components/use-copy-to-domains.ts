import { MSG } from '@pushdeck/contracts';
import { useState } from 'react';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { createRecurring, ensureAudience, fetchRecurringWithAudiences } from '../api/drip-tools-api';
import { copyForDomain } from '../lib/copy-drip';

export type CopyResult =
  | { kind: 'done'; domainIds: number[] }
  | { kind: 'failed'; createdOn: number[]; message: string };

/**
 * After the editor created the drip on the audience's website: the same drip (schedule, status) on every other chosen
 * website, with an audience of the same name there (made with the same query where missing), in one createOrUpdate list.
 */
export function useCopyToDomains() {
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<CopyResult | null>(null);

  const copy = async (saved: { id: number; domain_id: number }, others: number[]) => {
    setResult(null);
    if (others.length === 0) {
      setResult({ kind: 'done', domainIds: [saved.domain_id] });
      return;
    }
    setPending(true);
    try {
      const drip = await fetchRecurringWithAudiences(saved.domain_id, saved.id);
      if (!drip) throw new Error('The saved drip was not found.');
      const audiences = drip.schedules?.[0]?.audiences ?? [];
      const items = [];
      for (const domainId of others) {
        const ids = [];
        for (const a of audiences) ids.push(await ensureAudience(domainId, a.name, a.query));
        items.push(copyForDomain(drip, domainId, ids));
      }
      await createRecurring(items);
      setResult({ kind: 'done', domainIds: [saved.domain_id, ...others] });
      notifySuccess(`Created on ${others.length + 1} websites.`);
    } catch (error) {
      const message = errorMessage(error, MSG.error);
      setResult({ kind: 'failed', createdOn: [saved.domain_id], message });
      notifyFailure(message);
    } finally {
      setPending(false);
    }
  };

  return { pending, result, copy, clear: () => setResult(null) };
}
