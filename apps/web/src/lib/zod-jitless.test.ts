import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('is the setting zod reads: no compiled parsers (the CSP forbids eval)', async () => {
    await import('./zod-jitless');
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);
  });
});
