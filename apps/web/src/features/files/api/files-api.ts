import {
  type CustomExportBody,
  domainSchema,
  type ExportFile,
  type ExportStarted,
  FILES_MSG,
  fileListSchema,
  wrapped,
} from '@pushdeck/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { api, useSelectedClientUid } from '@/lib/api';
import { subscribeFileEvents } from '@/lib/live/live-events';
import { mergeFileLists } from '../lib/merge-files';

export const filesKeys = {
  list: (client: string | null) => ['files', 'list', client] as const,
  domains: ['files', 'domains'] as const,
};

/** GET /v1/files/getCSVList, merged into one list: in progress first, de-duplicated by basename. */
export async function fetchFiles(signal?: AbortSignal): Promise<ExportFile[]> {
  return mergeFileLists(fileListSchema.parse(await api.get<unknown>('/v1/files/getCSVList', { signal })));
}

/** The list, kept current by the live file events (progress, ready, failed) and reloaded when the stream reopens. */
export function useFiles() {
  const [client] = useSelectedClientUid();
  const key = filesKeys.list(client);
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchFiles(signal) });
  useEffect(() => {
    const key = filesKeys.list(client);
    return subscribeFileEvents(
      (event) => {
        const known = queryClient.getQueryData<ExportFile[]>(key)?.some((f) => f.basename === event.basename);
        if (!known || event.status !== 'in_progress') {
          void queryClient.invalidateQueries({ queryKey: key });
          return;
        }
        queryClient.setQueryData<ExportFile[]>(key, (files) =>
          files?.map((f) => (f.basename === event.basename ? { ...f, progress: event.progress } : f)),
        );
      },
      () => void queryClient.invalidateQueries({ queryKey: key }),
    );
  }, [client, queryClient]);
  /** A file just started shows at once as In Process (a quick job may be done before the list reloads), then reloads. */
  const started = (file: ExportStarted) => {
    queryClient.setQueryData<ExportFile[]>(key, (files) =>
      files?.some((f) => f.basename === file.basename) ? files : [startedFile(file), ...(files ?? [])],
    );
    void query.refetch();
  };
  return { ...query, started };
}

/** A started export as the list shows it until the server's list has it. */
function startedFile(file: ExportStarted): ExportFile {
  return {
    basename: file.basename,
    extension: file.basename.split('.').pop() ?? 'csv',
    cTime: new Date().toISOString(),
    size: 0,
    status: 'in_progress',
    link: null,
    progress: { rows: 0, total: 0 },
    userId: null,
  };
}

/** Removes one file (DELETE /v1/files/removeCSV?filename=; the spec's GET changes data, so it is a DELETE). */
export async function removeFile(filename: string): Promise<string> {
  const res = z
    .object({ message: z.string() })
    .parse(await api.delete<unknown>('/v1/files/removeCSV', { query: { filename } }));
  return res.message || FILES_MSG.removed;
}

/** POST /v1/files/customExport: starts the Custom Export job; answers data.data.path. */
export function postCustomExport(body: CustomExportBody): Promise<unknown> {
  return api.post<unknown>('/v1/files/customExport', { body });
}

const domainOption = domainSchema.pick({ id: true, website_id: true, url: true });
export type FileDomainOption = z.infer<typeof domainOption>;

/** The websites a Custom Export may cover (the client's, or the picked client's for staff). */
export function useExportDomains(enabled: boolean) {
  const [client] = useSelectedClientUid();
  return useQuery({
    queryKey: [...filesKeys.domains, client],
    enabled,
    queryFn: async ({ signal }) =>
      wrapped(z.array(domainOption)).parse(
        await api.get<unknown>('/v1/domains', {
          query: { select: 'id,website_id,url', order_by: 'url:asc' },
          signal,
        }),
      ).data,
  });
}
