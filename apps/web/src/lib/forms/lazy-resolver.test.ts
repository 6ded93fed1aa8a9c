import type { FieldValues, Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<FieldValues>>[2];
const rejectEmpty: Resolver<FieldValues> = async (values) =>
  (values.email
    ? { values, errors: {} }
    : { values: {}, errors: { email: { type: 'min', message: 'Required' } } }) as Awaited<
    ReturnType<Resolver<FieldValues>>
  >;

describe('lazyResolver', () => {
  it('checks with the loaded resolver, loading it once for every check and the preload', async () => {
    const load = vi.fn(async () => rejectEmpty);
    const { resolver, preload } = lazyResolver(load);
    preload();
    expect(await resolver({ email: '' }, undefined, options)).toMatchObject({
      errors: { email: { message: 'Required' } },
    });
    expect(await resolver({ email: 'a@b.c' }, undefined, options)).toEqual({ values: { email: 'a@b.c' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('downloads again when a check meets a failed download', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(rejectEmpty);
    const { resolver, preload } = lazyResolver(load);
    preload(); // the failed preload is silent
    await expect(resolver({ email: 'a@b.c' }, undefined, options)).resolves.toEqual({
      values: { email: 'a@b.c' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
