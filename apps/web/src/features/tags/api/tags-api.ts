import { type Tag, type TagWrite, tagSchema, wrapped } from '@pushdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, useSelectedClientUid } from '@/lib/api';

export const TAGS_KEY = ['tags'] as const;
/** Websites list their tags by name: a renamed or deleted tag changes what domain lists show. */
const DOMAINS_KEY = ['domains'] as const;

const tagsResponse = wrapped(z.array(tagSchema));

export async function fetchTags(signal?: AbortSignal): Promise<Tag[]> {
  return tagsResponse.parse(await api.get<unknown>('/v1/tags', { signal })).data;
}

/** POST /v1/tags?name=&type= (query params, as the spec sends them). */
export async function createTag(tag: TagWrite): Promise<void> {
  await api.post<unknown>('/v1/tags', { query: { name: tag.name, type: tag.type } });
}

/** PUT /v1/tags/{id}?name=&type= */
export async function updateTag(id: number, tag: TagWrite): Promise<void> {
  await api.put<unknown>(`/v1/tags/${id}`, { query: { name: tag.name, type: tag.type } });
}

export async function deleteTag(id: number): Promise<void> {
  await api.delete<unknown>(`/v1/tags/${id}`);
}

/** The tags the acting client sees (shared + its own): keyed by the picked client, whose header changes them. */
export function useTags() {
  const [clientUid] = useSelectedClientUid();
  return useQuery({ queryKey: [...TAGS_KEY, clientUid], queryFn: ({ signal }) => fetchTags(signal) });
}

function useInvalidateTags() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: TAGS_KEY });
    await queryClient.invalidateQueries({ queryKey: DOMAINS_KEY });
  };
}

/** Creates a tag, or updates it when `id` is given. */
export function useSaveTag() {
  const invalidate = useInvalidateTags();
  return useMutation({
    mutationFn: ({ id, tag }: { id?: number | undefined; tag: TagWrite }) =>
      id === undefined ? createTag(tag) : updateTag(id, tag),
    onSuccess: invalidate,
  });
}

export function useDeleteTag() {
  const invalidate = useInvalidateTags();
  return useMutation({ mutationFn: deleteTag, onSuccess: invalidate });
}
