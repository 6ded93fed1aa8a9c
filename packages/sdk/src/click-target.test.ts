import { describe, expect, it } from 'vitest';
import { clickTarget, safeHttpUrl } from './click-target.ts';

const data = {
  m: 'tok',
  url: 'https://shop.example.org/main',
  buttons: [{ title: 'A', url: 'https://shop.example.org/a' }, { title: 'B' }],
};

describe('clickTarget', () => {
  it('opens data.url for a click on the body', () => {
    expect(clickTarget(data, '')).toEqual({ action: 'main', m: 'tok', url: 'https://shop.example.org/main' });
    expect(clickTarget(data, 'something-else').action).toBe('main');
  });

  it("opens the button's url, or the main url when the button has none", () => {
    expect(clickTarget(data, 'button1')).toEqual({ action: 'button1', m: 'tok', url: 'https://shop.example.org/a' });
    expect(clickTarget(data, 'button2')).toEqual({ action: 'button2', m: 'tok', url: 'https://shop.example.org/main' });
  });

  it('refuses javascript:, data: and other non-http urls', () => {
    expect(clickTarget({ ...data, url: 'javascript:alert(1)' }, '').url).toBeNull();
    expect(clickTarget({ ...data, buttons: [{ title: 'x', url: 'JavaScript:alert(1)' }] }, 'button1').url).toBeNull();
    expect(safeHttpUrl('data:text/html,<b>x</b>')).toBeNull();
    expect(safeHttpUrl('ftp://example.org/')).toBeNull();
  });

  it('resolves relative urls against the worker origin', () => {
    expect(clickTarget({ ...data, url: '/deals' }, '', 'https://shop.example.org').url).toBe(
      'https://shop.example.org/deals',
    );
    expect(clickTarget({ ...data, url: '/deals' }, '').url).toBeNull();
  });

  it('copes with missing or malformed data', () => {
    expect(clickTarget(undefined, 'button1')).toEqual({ action: 'button1', m: null, url: null });
    expect(clickTarget({ m: 5, url: 7, buttons: 'x' }, '')).toEqual({ action: 'main', m: null, url: null });
  });
});
