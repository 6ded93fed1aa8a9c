import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseLater } from './parse-later';

const schemas = async () => ({ answer: z.object({ data: z.object({ total: z.number() }) }) });

describe('parseLater', () => {
  it("answers the call's body parsed by the schema that loads alongside it", async () => {
    await expect(parseLater(Promise.resolve({ data: { total: 3, extra: 1 } }), schemas, 'answer')).resolves.toEqual({
      data: { total: 3 },
    });
  });

  it('refuses an answer of another shape, and passes the failed call on', async () => {
    await expect(parseLater(Promise.resolve({ data: { total: 'x' } }), schemas, 'answer')).rejects.toThrow(/total/);
    await expect(parseLater(Promise.reject(new Error('offline')), schemas, 'answer')).rejects.toThrow('offline');
  });
});
