import { describe, expect, it } from 'vitest';
import { SecretBox } from './crypto.ts';

describe('SecretBox', () => {
  it('round-trips, never stores the plain text, and refuses tampering or another key', () => {
    const box = new SecretBox('a'.repeat(40));
    const sealed = box.seal('vapid-private-key');
    expect(sealed).not.toContain('vapid');
    expect(box.open(sealed)).toBe('vapid-private-key');
    expect(box.seal('x')).not.toBe(box.seal('x'));
    const parts = sealed.split('.');
    parts[3] = Buffer.from('forged').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => new SecretBox('b'.repeat(40)).open(sealed)).toThrow();
  });
});
