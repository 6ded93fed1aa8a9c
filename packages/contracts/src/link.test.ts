import { describe, expect, it } from 'vitest';
import { dripWriteSchema } from './drip.ts';
import { linkError, safeLink } from './link.ts';
import { MSG } from './messages.ts';

/** Refused for every link: scripts, other schemes, no host, and anything that could break out of a string. */
const HOSTILE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://files.test/a.png',
  '//evil.test/a.png',
  '/uploads/1/a.png',
  'shop.test/page',
  'https:evil.test',
  'https:/evil.test',
  'https:///evil.test',
  'https://',
  'https://x" onmouseover="alert(1)',
  "https://x'onmouseover=alert(1)",
  'https://shop.test/`x`',
  'https://shop.test/<script>',
  'https://shop.test/a b',
  'https://shop.test/a\nb',
  'https://shop.test/a\tb',
  'https://shop.test/a\u00a0b',
  'https://shop.test/\u0000',
  'https://pay\u00adpal.test/',
  'https://shop.test\u202e/gnp.exe',
  'https://evil.test\\@shop.test/',
  'https://shop.test@evil.test/',
  'https://user:pw@evil.test/',
  'https://[::1/',
];

describe('the link rule', () => {
  it.each(HOSTILE)('refuses %j for clicks and images', (value) => {
    expect(linkError(value, 'click')).toBe(MSG.httpLink);
    expect(linkError(value, 'image')).toBe(MSG.httpsLink);
  });

  it('takes absolute https links, any letter case, with ports, queries, fragments and international names', () => {
    for (const value of [
      'https://shop.acme.test/deals?utm=1&b=%20x#top',
      'HTTPS://Shop.Acme.TEST:8443/a',
      'https://bücher.test/straße',
      'https://203.0.113.7/i.png',
    ]) {
      expect(linkError(value, 'click'), value).toBeNull();
      expect(linkError(value, 'image'), value).toBeNull();
    }
  });

  it('takes http only for what a click opens, and for images served by a local install on a loopback host', () => {
    expect(linkError('http://shop.acme.test/a', 'click')).toBeNull();
    expect(linkError('http://cdn.test/i.png', 'image')).toBe(MSG.httpsLink);
    expect(linkError('http://localhost.evil.test/i.png', 'image')).toBe(MSG.httpsLink);
    for (const local of [
      'http://localhost:3000/uploads/1/a.png',
      'http://127.0.0.1/x.jpg',
      'http://[::1]:8080/i.png',
    ]) {
      expect(linkError(local, 'image'), local).toBeNull();
    }
  });

  it('keeps a stored link that passes and drops one that does not', () => {
    expect(safeLink('https://cdn.test/i.png', 'image')).toBe('https://cdn.test/i.png');
    expect(safeLink('http://cdn.test/i.png', 'image')).toBeUndefined();
    expect(safeLink('javascript:alert(1)', 'click')).toBeUndefined();
    expect(safeLink('', 'click')).toBeUndefined();
    expect(safeLink(null, 'image')).toBeUndefined();
  });
});

describe('drip links in the write schema', () => {
  const base = { domain_id: 1, title: 'Deals', body: 'Today' };
  const issues = (item: Record<string, unknown>) => {
    const parsed = dripWriteSchema({ type: 'welcome' }).safeParse({ ...base, ...item });
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it("names every bad link by its field with that field's message", () => {
    const bad = 'javascript:alert(1)';
    expect(
      issues({
        url: bad,
        icon: 'http://cdn.test/i.png',
        customization: {
          image: 'data:image/png;base64,AAAA',
          button1: { title: 'Go', url: bad },
          button2: { title: 'B', url: '//x' },
        },
      }),
    ).toEqual({
      url: MSG.httpLink,
      icon: MSG.httpsLink,
      'customization.image': MSG.httpsLink,
      'customization.button1.url': MSG.httpLink,
      'customization.button2.url': MSG.httpLink,
    });
    expect(issues({ customization: { buttons: [{ title: 'Go', url: bad }] } })).toEqual({
      'customization.buttons.0.url': MSG.httpLink,
    });
  });

  it('keeps the length limit as its own message and lets empty links and untitled (dropped) buttons through', () => {
    expect(issues({ url: `https://shop.test/${'a'.repeat(2048)}` })).toEqual({
      url: 'May not be longer than 2048 characters.',
    });
    const parsed = dripWriteSchema({ type: 'welcome' }).parse({
      ...base,
      url: '  https://shop.test/a  ',
      icon: ' ',
      customization: { image: '', button1: { title: '', url: 'javascript:alert(1)' } },
    });
    expect(parsed).toMatchObject({ url: 'https://shop.test/a', icon: undefined });
    expect(parsed.customization).toEqual({ requireInteraction: false, ttl: 7200 });
  });
});
