import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { assertSdkConfig } from './config.ts';
import { renderSdkFile, sdkFileNames } from './render.ts';
import { testConfig } from './test-fakes.ts';

describe('renderSdkFile', () => {
  it('prepends one configuration line to the built source', () => {
    const out = renderSdkFile('pushmine', testConfig, '(()=>{})();');
    const [first, ...rest] = out.split('\n');
    expect(first).toBe(`self.PUSHMINE_CONFIG = ${JSON.stringify(testConfig)};`);
    expect(rest.join('\n')).toBe('(()=>{})();');
    expect(sdkFileNames).toEqual(['pushmine', 'sw_pm']);
  });

  it('escapes </script>, <!-- and U+2028/U+2029 so the line is safe inline and in old parsers', () => {
    const websiteId = 'a</script><script>alert(1)</script><!--\u2028\u2029';
    const out = renderSdkFile('sw_pm', { ...testConfig, websiteId }, '');
    const line = out.split('\n')[0]!;
    expect(line).not.toMatch(/<\/script/i);
    expect(line).not.toContain('<!--');
    expect(line).not.toContain('\u2028');
    expect(line).not.toContain('\u2029');
    const self: { PUSHMINE_CONFIG?: { websiteId: string } } = {};
    runInNewContext(line, { self });
    expect(self.PUSHMINE_CONFIG?.websiteId).toBe(websiteId);
  });

  it('renders only the known keys and refuses a bad config or name', () => {
    const out = renderSdkFile('pushmine', { ...testConfig, secret: 'x' } as typeof testConfig, '');
    expect(out).not.toContain('secret');
    expect(() => renderSdkFile('pushmine', { ...testConfig, websiteId: '' }, '')).toThrow(/websiteId/);
    expect(() => renderSdkFile('other' as 'pushmine', testConfig, '')).toThrow(/Unknown SDK file/);
  });
});

describe('assertSdkConfig', () => {
  it('accepts a valid config', () => {
    expect(() => assertSdkConfig(testConfig)).not.toThrow();
  });

  it.each([
    [null, /must be an object/],
    [{ ...testConfig, vapidPublicKey: 'abc' }, /vapidPublicKey/],
    [{ ...testConfig, apiBase: 'javascript:alert(1)' }, /apiBase/],
    [{ ...testConfig, apiBase: '/relative' }, /apiBase/],
    [{ ...testConfig, swPath: 'sw_pm.js' }, /swPath/],
    [{ ...testConfig, swPath: '//evil.test/sw.js' }, /swPath/],
    [{ ...testConfig, autoPrompt: 'yes' }, /autoPrompt/],
  ])('rejects %j', (value, message) => {
    expect(() => assertSdkConfig(value)).toThrow(message);
  });
});
