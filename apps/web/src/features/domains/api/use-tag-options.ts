import { tagSchema, wrapped } from '@pushdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';

const tagsResponse = wrapped(z.array(tagSchema));

/** Every tag, to attach to websites. Under 'tags' so the Tags Manager's changes refresh it. */
export function useTagOptions(enabled = true) {
  return useQuery({
    queryKey: ['tags', 'options'],
    queryFn: async ({ signal }) => tagsResponse.parse(await api.get<unknown>('/v1/tags', { signal })).data,
    enabled,
  });
}
