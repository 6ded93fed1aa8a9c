import { tagSchema, wrapped } from '@pushdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, useSelectedClientUid } from '@/lib/api';

const tagsResponse = wrapped(z.array(tagSchema));

/**
 * The tags a website may carry (shared + the acting client's), to attach to websites. Under 'tags' so the Tags
 * Manager's changes refresh it; keyed by the picked client, whose header changes the list.
 */
export function useTagOptions(enabled = true) {
  const [clientUid] = useSelectedClientUid();
  return useQuery({
    queryKey: ['tags', 'options', clientUid],
    queryFn: async ({ signal }) => tagsResponse.parse(await api.get<unknown>('/v1/tags', { signal })).data,
    enabled,
  });
}
