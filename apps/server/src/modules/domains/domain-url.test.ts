import { describe, expect, it } from 'vitest';
import { normaliseSiteUrl } from './domain-url.ts';

describe('normaliseSiteUrl', () => {
  it.each([
    ['https://shop.example.com', 'https://shop.example.com'],
    ['HTTPS://Shop.EXAMPLE.com/some/path?q=1#top', 'https://shop.example.com'],
    ['  http://example.com/  ', 'http://example.com'],
    ['example.com', 'https://example.com'],
    ['http://example.com:8080/x', 'http://example.com:8080'],
    ['https://example.com:443', 'https://example.com'],
    ['http://example.com:80', 'http://example.com'],
    ['https://example.com.', 'https://example.com'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
    ['http://192.168.1.10', 'http://192.168.1.10'],
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080'],
    ['https://[::1]:8443', 'https://[::1]:8443'],
  ])('keeps scheme + host (+ port) of %s', (input, expected) => {
    expect(normaliseSiteUrl(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'ftp://example.com',
    'javascript:alert(1)',
    'mailto:someone@example.com',
    'file:///etc/passwd',
    'https://user:secret@example.com',
    'https://exa mple.com',
    'https://',
    'https://a..b',
    'https://-bad.example',
    `https://${'a'.repeat(64)}.example`,
    // a single label is not a website's host: a name needs a dot, an IP address its usual form
    'localhost:3000',
    'https://localhost',
    'https://localhost.',
    'https://nan',
    'https://NaN',
    'https://infinity',
    'https://undefined',
    'intranet',
    'https://0x7f000001',
    'https://2130706433',
    'https://127.1',
  ])('refuses %j', (input) => {
    expect(normaliseSiteUrl(input)).toBeNull();
  });
});
