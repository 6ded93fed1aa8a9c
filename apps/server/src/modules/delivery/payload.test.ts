import { describe, expect, it } from 'vitest';
import { MessageTokens } from '../../lib/message-token.ts';
import { buildPayload, encryptedBytesOf, payloadFits, ttlOf } from './payload.ts';

const drip = {
  id: 7,
  title: 'Sale',
  body: 'Today only',
  url: 'https://shop.example/sale',
  icon: null,
  customization: {},
};

describe('push payloads', () => {
  it('carries what sw_pm.js needs: buttons with titles only (max 2), image, requireInteraction, tag', () => {
    const p = buildPayload(
      {
        ...drip,
        icon: 'https://cdn.example/i.png',
        customization: {
          requireInteraction: true,
          image: 'https://cdn.example/big.jpg',
          button1: { title: 'Open', url: 'https://shop.example/a' },
          button2: { title: '', url: 'https://shop.example/b' },
        },
      },
      'tok',
    );
    expect(p).toEqual({
      v: 1,
      m: 'tok',
      title: 'Sale',
      body: 'Today only',
      icon: 'https://cdn.example/i.png',
      image: 'https://cdn.example/big.jpg',
      url: 'https://shop.example/sale',
      requireInteraction: true,
      tag: 'drip-7',
      buttons: [{ title: 'Open', url: 'https://shop.example/a' }],
    });
  });

  it('never sends a stored link that fails the link rule: icon, image and button urls dropped, url the website', () => {
    const stored = {
      ...drip,
      url: 'javascript:alert(document.cookie)',
      icon: 'http://cdn.example/i.png',
      siteUrl: 'https://shop.example',
      customization: {
        image: 'data:image/svg+xml,<svg onload=alert(1)>',
        button1: { title: 'Open', url: '//evil.example/a' },
        button2: { title: 'More', url: 'https://x" onmouseover="alert(1)' },
      },
    };
    const p = buildPayload(stored, 'tok');
    expect(p).not.toHaveProperty('icon');
    expect(p).not.toHaveProperty('image');
    expect(p.url).toBe('https://shop.example');
    expect(p.buttons).toEqual([{ title: 'Open' }, { title: 'More' }]);
    // no safe website address either: nothing to open rather than the bad one
    expect(buildPayload({ ...stored, siteUrl: 'javascript:x' }, 'tok').url).toBe('');
    expect(buildPayload({ ...stored, siteUrl: undefined }, 'tok').url).toBe('');
    // an empty url stays empty, as before
    expect(buildPayload({ ...drip, url: '', siteUrl: 'https://shop.example' }, 'tok').url).toBe('');
  });

  it.each([
    'JaVaScRiPt:alert(1)',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'https:evil.example',
    'https://shop.example/a b',
    'https://shop.example/a\nb',
    'https://shop.example/<script>',
  ])('drops the stored link %j everywhere', (bad) => {
    const p = buildPayload(
      {
        ...drip,
        url: bad,
        icon: bad,
        siteUrl: 'https://shop.example',
        customization: { image: bad, button1: { title: 'Go', url: bad } },
      },
      'tok',
    );
    expect(p).toEqual({
      v: 1,
      m: 'tok',
      title: 'Sale',
      body: 'Today only',
      url: 'https://shop.example',
      tag: 'drip-7',
      buttons: [{ title: 'Go' }],
    });
  });

  it('uses the drip ttl, else 7200 s', () => {
    expect(ttlOf({ ttl: 60 })).toBe(60);
    expect(ttlOf({ ttl: '3600' })).toBe(3600);
    expect(ttlOf({})).toBe(7200);
    expect(ttlOf({ ttl: -1 })).toBe(7200);
  });

  it('knows before sending whether the encrypted body stays within 4096 bytes', () => {
    expect(payloadFits(drip)).toBe(true);
    const huge = { ...drip, url: `https://shop.example/${'x'.repeat(3900)}` };
    expect(encryptedBytesOf(huge)).toBeGreaterThan(4096);
    expect(payloadFits(huge)).toBe(false);
  });
});

describe('message tokens', () => {
  it('round-trips ledger ids and refuses forgeries', () => {
    const tokens = new MessageTokens('s'.repeat(40));
    const token = tokens.issue(123456789);
    expect(tokens.read(token)).toBe(123456789);
    expect(tokens.read(token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).toBeNull();
    expect(new MessageTokens('t'.repeat(40)).read(token)).toBeNull();
    expect(tokens.read('garbage')).toBeNull();
    expect(tokens.read(`${(1).toString(36)}.${'A'.repeat(16)}`)).toBeNull();
  });
});
