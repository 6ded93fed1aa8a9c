import { MSG } from '@pushdeck/contracts';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api';
import {
  browserPreviewOf,
  emptyNotification,
  notificationFromDrip,
  notificationToDrip,
  safeUrl,
  serverFieldErrors,
  validateNotification,
} from './notification';

describe('notification form model', () => {
  it("checks title and message with the spec's texts", () => {
    const v = { ...emptyNotification(), title: 'x'.repeat(31), body: 'y'.repeat(51) };
    expect(validateNotification(v, 'recurring')).toEqual({ title: 'Max 30 characters', body: 'Max 50 characters' });
    expect(validateNotification(emptyNotification(), 'recurring')).toEqual({ title: 'Required.' });
    expect(validateNotification(emptyNotification(), 'welcome')).toEqual({ title: 'Required.', body: 'Required.' });
    // an emoji counts as one character
    expect(validateNotification({ ...emptyNotification(), title: '🔥'.repeat(30) }, 'recurring')).toEqual({});
  });

  it('rejects a ttl that is no whole number of seconds', () => {
    expect(validateNotification({ ...emptyNotification(), title: 'a', ttl: '1.5' }, 'recurring').ttl).toMatch(
      /whole number/,
    );
    expect(validateNotification({ ...emptyNotification(), title: 'a', ttl: '' }, 'recurring')).toEqual({});
  });

  it('checks every link that is sent with the link rule and its texts', () => {
    const v = {
      ...emptyNotification(),
      title: 'Deals',
      url: 'javascript:alert(1)',
      icon: 'http://cdn.test/i.png',
      withImage: true,
      image: 'data:image/png;base64,AAAA',
      withButtons: true,
      buttonCount: 2 as const,
      button1: { title: 'Open', url: '//evil.test' },
      button2: { title: 'More', url: 'https://x" onmouseover="alert(1)' },
    };
    expect(validateNotification(v, 'recurring')).toEqual({
      url: MSG.httpLink,
      icon: MSG.httpsLink,
      image: MSG.httpsLink,
      'button1.url': MSG.httpLink,
      'button2.url': MSG.httpLink,
    });
    // what is not sent is not checked: an unticked image, unticked or untitled buttons, the second beyond the count
    const unsent = {
      ...v,
      url: '',
      icon: '',
      withImage: false,
      button1: { title: '', url: 'x' },
      buttonCount: 1 as const,
    };
    expect(validateNotification(unsent, 'recurring')).toEqual({});
    const good = {
      ...v,
      url: 'http://shop.test/a',
      icon: 'https://cdn.test/i.png',
      image: 'https://cdn.test/big.jpg',
      button1: { title: 'Open', url: 'https://shop.test/1' },
      button2: { title: 'More', url: '' },
    };
    expect(validateNotification(good, 'recurring')).toEqual({});
  });

  it('drops unticked buttons and image, untitled buttons and an empty ttl', () => {
    const v = {
      ...emptyNotification(),
      title: ' Deals ',
      withButtons: true,
      buttonCount: 2 as const,
      button1: { title: 'Open', url: 'https://a.test/1' },
      button2: { title: '', url: 'https://a.test/2' },
      withImage: false,
      image: 'https://a.test/big.png',
      ttl: '',
    };
    expect(notificationToDrip(v)).toEqual({
      title: 'Deals',
      body: '',
      url: '',
      icon: '',
      customization: { requireInteraction: false, button1: { title: 'Open', url: 'https://a.test/1' } },
    });
    expect(notificationToDrip({ ...v, withButtons: false, withImage: true }).customization).toEqual({
      requireInteraction: false,
      image: 'https://a.test/big.png',
    });
  });

  it('reads a stored drip back with its flags', () => {
    const v = notificationFromDrip({
      title: 'T',
      customization: { ttl: 60, image: 'https://a.test/i.png', button2: { title: 'B2' } },
    });
    expect(v).toMatchObject({ withImage: true, withButtons: true, buttonCount: 2, ttl: '60' });
  });

  it('maps 422 keys onto the fields and refuses unsafe image addresses', () => {
    const error = new ApiRequestError(422, 'Invalid', {
      '0.title': ['Max 30 characters'],
      '0.customization.ttl': ['bad ttl'],
      '0.schedule.timezone': ['Mandatory field'],
    });
    expect(serverFieldErrors(error)).toEqual({
      title: 'Max 30 characters',
      ttl: 'bad ttl',
      'schedule.timezone': 'Mandatory field',
    });
    // Drip Setup's call names the drip's fields under drip.
    const setup = new ApiRequestError(422, 'Invalid', {
      'drip.audiences': ['Required.'],
      'drip.customization.buttons': ['At most 2 action buttons.'],
    });
    expect(serverFieldErrors(setup)).toEqual({ audiences: 'Required.', 'button1.title': 'At most 2 action buttons.' });
    expect(safeUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeUrl('https://a.test/i.png')).toBe('https://a.test/i.png');
  });

  it('gives the browser preview the drip as it will be sent', () => {
    const v = {
      ...emptyNotification(),
      body: ' Fresh picks ',
      url: 'https://a.test/deals',
      icon: 'javascript:alert(1)',
      withButtons: true,
      buttonCount: 2 as const,
      button1: { title: 'Open', url: 'https://a.test/1' },
      button2: { title: 'Later', url: '' },
      withImage: true,
      image: 'https://a.test/big.png',
    };
    expect(browserPreviewOf(v)).toEqual({
      title: 'Title',
      body: 'Fresh picks',
      url: 'https://a.test/deals',
      icon: undefined,
      image: 'https://a.test/big.png',
      buttons: [{ title: 'Open', url: 'https://a.test/1' }, { title: 'Later' }],
    });
    expect(browserPreviewOf({ ...v, withButtons: false, withImage: false })).toMatchObject({
      buttons: [],
      image: undefined,
    });
  });
});
