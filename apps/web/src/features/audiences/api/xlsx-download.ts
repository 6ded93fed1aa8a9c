import { apiErrorSchema, CLIENT_HEADER } from '@pushdeck/contracts';
import { ApiRequestError, actingClientUid, apiUrl, notifySessionExpired, SESSION_EXPIRED_STATUSES } from '@/lib/api';
import { dispositionFilename } from '@/lib/save-blob';

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/**
 * GET /v1/segments/{id}/xlsx ('Upload as XLSX'): the segment's subscribers as a workbook and the name the server
 * gave it. The shared api client returns only the body; this call needs content-disposition, so it is sent here
 * with the same `client` header.
 */
export async function downloadSegmentXlsx(id: number): Promise<DownloadedFile> {
  const headers = new Headers({ Accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const client = actingClientUid();
  if (client) headers.set(CLIENT_HEADER, client);
  let response: Response;
  try {
    response = await fetch(apiUrl(`/v1/segments/${id}/xlsx`), { headers, credentials: 'same-origin' });
  } catch {
    throw new ApiRequestError(0, 'Network error: the server could not be reached.');
  }
  if (!response.ok) {
    if (SESSION_EXPIRED_STATUSES.has(response.status)) notifySessionExpired(response.status);
    const parsed = apiErrorSchema.safeParse(await response.json().catch(() => null));
    throw new ApiRequestError(
      response.status,
      parsed.success ? parsed.data.message : `Request failed with status ${response.status}`,
    );
  }
  const filename = dispositionFilename(response.headers.get('content-disposition')) ?? `segment-${id}.xlsx`;
  return { blob: await response.blob(), filename };
}
