import { apiErrorSchema, CLIENT_HEADER, CSRF_HEADER } from '@pushdeck/contracts';
import {
  ApiRequestError,
  actingClientUid,
  apiUrl,
  csrfToken,
  notifySessionExpired,
  SESSION_EXPIRED_STATUSES,
} from '@/lib/api';
import { dispositionFilename } from '@/lib/save-blob';

export interface DownloadedFile {
  blob: Blob;
  /** From content-disposition, else `fallback`. */
  filename: string;
}

/**
 * POST /v1/files/generateJavaScriptZipByDomains (multipart filename + website_ids[]) → the zip and the name the
 * server gave it. The shared api client returns only the body, and this call needs the content-disposition
 * header, so it is sent here with the same CSRF and `client` headers.
 */
export async function downloadIntegrationZip(websiteIds: readonly string[], filename: string): Promise<DownloadedFile> {
  const form = new FormData();
  form.append('filename', filename);
  for (const id of websiteIds) form.append('website_ids[]', id);

  const headers = new Headers({ Accept: 'application/zip, application/json' });
  const token = await csrfToken();
  if (token) headers.set(CSRF_HEADER, token);
  const client = actingClientUid();
  if (client) headers.set(CLIENT_HEADER, client);

  let response: Response;
  try {
    response = await fetch(apiUrl('/v1/files/generateJavaScriptZipByDomains'), {
      method: 'POST',
      headers,
      body: form,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiRequestError(0, 'Network error: the server could not be reached.');
  }
  if (!response.ok) {
    if (SESSION_EXPIRED_STATUSES.has(response.status)) notifySessionExpired(response.status);
    const parsed = apiErrorSchema.safeParse(await response.json().catch(() => null));
    throw new ApiRequestError(
      response.status,
      parsed.success ? parsed.data.message : `Request failed with status ${response.status}`,
      parsed.success ? (parsed.data.errors ?? {}) : {},
    );
  }
  const name = dispositionFilename(response.headers.get('content-disposition')) ?? `${filename}.zip`;
  return { blob: await response.blob(), filename: name };
}
