import { COPY_LIMITS } from '@pushdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAuth } from '@/lib/auth';
import {
  type CopyClient,
  fetchAudiences,
  fetchClients,
  fetchDomains,
  fetchRecurring,
  fetchWelcome,
  type RecurringFilter,
} from '../api/copy-tools-api';
import type { CopyType } from '../lib/copy-warnings';

export type { CopyType };

/**
 * What the copy screens load: the moderator's clients, the source and target websites of the chosen clients (the
 * user's own for anyone else), and the lists of steps 4.1 to 4.3 for the source website.
 */
export function useCopySources(opts: {
  sourceDomain: number | null;
  types: ReadonlySet<CopyType>;
  /** Step 4.1's relation, status, audience and send-time filters. */
  filter: RecurringFilter;
}) {
  const auth = useAuth();
  // the spec gives the pickers to role moder; other staff (admin) have no client of their own, so they get them too
  const moder = auth.isModerator || (auth.isStaff && (auth.user?.client_id ?? null) === null);
  const [sourceClient, setSourceClientRaw] = useState<CopyClient | null>(null);
  const [targetClient, setTargetClient] = useState<CopyClient | null>(null);
  // changing the source client reloads its websites after 1.5 s (part 2 §4)
  const [sourceReady, setSourceReady] = useState<string | null>(null);
  useEffect(() => {
    if (!sourceClient) return setSourceReady(null);
    const timer = setTimeout(() => setSourceReady(sourceClient.client_uid), COPY_LIMITS.sourceReloadMs);
    return () => clearTimeout(timer);
  }, [sourceClient]);

  const clients = useQuery({
    queryKey: ['copy-tools', 'clients'],
    queryFn: ({ signal }) => fetchClients(signal),
    enabled: moder,
  });
  const sourceUid = moder ? sourceReady : null;
  const targetUid = moder ? (targetClient?.client_uid ?? null) : null;
  const sourceDomains = useQuery({
    queryKey: ['copy-tools', 'domains', sourceUid],
    queryFn: ({ signal }) => fetchDomains(sourceUid, signal),
    enabled: !moder || sourceUid !== null,
  });
  const targetDomains = useQuery({
    queryKey: ['copy-tools', 'domains', targetUid],
    queryFn: ({ signal }) => fetchDomains(targetUid, signal),
    enabled: !moder || targetUid !== null,
  });
  const clientsChosen = !moder || (sourceClient !== null && targetClient !== null);
  const domainId = opts.sourceDomain;
  const ready = domainId !== null && clientsChosen;
  const f = opts.filter;
  const recurring = useQuery({
    queryKey: ['copy-tools', 'recurring', sourceUid, domainId, f.relation, f.active, f.audiences ?? [], f.time ?? ''],
    queryFn: ({ signal }) => fetchRecurring(domainId!, f, sourceUid, signal),
    enabled: ready && opts.types.has('recurring'),
  });
  const welcome = useQuery({
    queryKey: ['copy-tools', 'welcome', sourceUid, domainId],
    queryFn: ({ signal }) => fetchWelcome(domainId!, sourceUid, signal),
    enabled: ready && opts.types.has('welcome'),
  });
  const audiences = useQuery({
    queryKey: ['copy-tools', 'audiences', sourceUid, domainId],
    queryFn: ({ signal }) => fetchAudiences(domainId!, sourceUid, signal),
    // step 4.3's list, and the choices of step 4.1's audience filter
    enabled: ready && (opts.types.has('audiences') || opts.types.has('recurring')),
  });

  return {
    moder,
    ownClientId: auth.user?.client_id ?? null,
    clients,
    sourceClient,
    setSourceClient: (c: CopyClient | null) => {
      setSourceClientRaw(c);
      setSourceReady(null);
    },
    targetClient,
    setTargetClient,
    sourceUid,
    targetUid,
    sourceDomains,
    targetDomains,
    clientsChosen,
    recurring,
    welcome,
    audiences,
  };
}
