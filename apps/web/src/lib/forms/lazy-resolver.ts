import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose code (a zod schema and its resolver: ~30 KB gzipped with zod) loads apart from the form's
 * page: call `preload` once the page shows (the login page: issue 17's budget for /login), so the first check rarely
 * waits. Checks before the chunk is there wait for it; the resolver is created once; a failed download is tried again.
 */
export function lazyResolver<Input extends FieldValues, Output>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): { resolver: Resolver<Input, unknown, Output>; preload: () => void } {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed download is tried again at the next check
      throw error;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => {
      // a check that met a failed download (the preload's, say) downloads once more before giving up
      const resolve = await get().catch(get);
      return resolve(values, context, options);
    },
    preload: () => void get().catch(() => undefined),
  };
}
