import { DRIP_MSG, MSG } from '@pushdeck/contracts';
import { describe, expect, it } from 'vitest';
import type { Trigger } from '../api/triggers-api';
import {
  EMPTY_TRIGGER_FORM,
  fieldOfPath,
  formFromTrigger,
  type TriggerFormValues,
  triggerPayload,
  validateTrigger,
} from './trigger-form';

const stored: Trigger = {
  id: 9,
  domain_id: 3,
  type: 'trigger',
  event: 'signup',
  title: 'Welcome aboard',
  body: 'Thanks for joining',
  url: 'https://shop.example/welcome',
  icon: 'https://cdn.example/icon.png',
  customization: {
    requireInteraction: true,
    ttl: 600,
    image: 'https://cdn.example/big.jpg',
    button1: { title: 'Open' },
    button2: { title: 'Later' },
  },
  meta: { delay: 2500, source: 'kept' },
  is_active: 0,
};
const filled: TriggerFormValues = { ...EMPTY_TRIGGER_FORM, event: 'signup', title: 'Hi' };
const messages = (errors: ReturnType<typeof validateTrigger>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v?.message]));

describe('trigger form', () => {
  it('needs a name and a title in the creator, with the spec texts', () => {
    expect(messages(validateTrigger(EMPTY_TRIGGER_FORM, 'create', 3))).toEqual({
      event: MSG.required,
      title: MSG.required,
    });
    expect(validateTrigger(filled, 'create', 3)).toEqual({});
  });

  it('needs url and message too in the editor, and keeps title ≤ 30 and message ≤ 50 characters', () => {
    expect(messages(validateTrigger(filled, 'edit', 3))).toEqual({ message: MSG.required, url: MSG.required });
    const long = { ...filled, title: 'x'.repeat(31), message: 'y'.repeat(51) };
    expect(messages(validateTrigger(long, 'create', 3))).toEqual({
      title: DRIP_MSG.titleMax,
      message: DRIP_MSG.bodyMax,
    });
    // an emoji counts as one character, as the counter shows it
    expect(validateTrigger({ ...filled, title: '🎉'.repeat(30) }, 'create', 3)).toEqual({});
  });

  it('accepts a whole, non-negative delay within 30 days', () => {
    expect(messages(validateTrigger({ ...filled, delay: -1 }, 'create', 3))).toEqual({ delay: DRIP_MSG.delay });
    expect(messages(validateTrigger({ ...filled, delay: 1.5 }, 'create', 3))).toEqual({ delay: DRIP_MSG.delay });
    expect(validateTrigger({ ...filled, delay: '' }, 'create', 3)).toEqual({});
  });

  it('checks url, stored icon and image with the link rule and its texts', () => {
    const bad = { ...filled, url: 'javascript:alert(1)', icon: 'http://cdn.example/i.png' };
    expect(messages(validateTrigger({ ...bad, withImage: true, image: '//evil.example/big.jpg' }, 'edit', 3))).toEqual({
      message: MSG.required,
      url: MSG.httpLink,
      iconFile: MSG.httpsLink,
      imageFile: MSG.httpsLink,
    });
    const good = { ...filled, url: 'http://shop.example/cart', icon: 'https://cdn.example/i.png' };
    expect(validateTrigger(good, 'create', 3)).toEqual({});
  });

  it('accepts png or jpeg files within their size limits only', () => {
    const gif = new File(['GIF89a'], 'a.gif', { type: 'image/gif' });
    const bigIcon = new File([new Uint8Array(1024 * 1024 + 1)], 'a.png', { type: 'image/png' });
    const jpeg = new File(['x'], 'b.jpg', { type: 'image/jpeg' });
    expect(messages(validateTrigger({ ...filled, iconFile: gif }, 'create', 3))).toEqual({
      iconFile: DRIP_MSG.imageType,
    });
    expect(messages(validateTrigger({ ...filled, iconFile: bigIcon }, 'create', 3))).toEqual({
      iconFile: DRIP_MSG.imageSize('icon'),
    });
    expect(validateTrigger({ ...filled, iconFile: jpeg, withImage: true, imageFile: jpeg }, 'create', 3)).toEqual({});
    // an unticked large image is not checked (it is dropped)
    expect(validateTrigger({ ...filled, withImage: false, imageFile: gif }, 'create', 3)).toEqual({});
  });

  it('reads a stored trigger into the editor and writes it back as the whole object', () => {
    const values = formFromTrigger(stored);
    expect(values).toMatchObject({
      event: 'signup',
      message: 'Thanks for joining',
      withImage: true,
      withButtons: true,
      buttonCount: '2',
      button1: 'Open',
      button2: 'Later',
      delay: 2500,
    });
    expect(triggerPayload(values, { domainId: 3, base: stored })).toEqual({
      domain_id: 3,
      type: 'trigger',
      event: 'signup',
      title: 'Welcome aboard',
      body: 'Thanks for joining',
      url: 'https://shop.example/welcome',
      icon: 'https://cdn.example/icon.png',
      customization: {
        requireInteraction: true,
        ttl: 600,
        image: 'https://cdn.example/big.jpg',
        button1: { title: 'Open' },
        button2: { title: 'Later' },
      },
      meta: { delay: 2500, source: 'kept' },
      is_active: 0,
    });
  });

  it('drops an unticked large image and button titles that are empty, off or beyond the chosen count', () => {
    const values = { ...formFromTrigger(stored), withImage: false, buttonCount: '1' as const };
    const payload = triggerPayload(values, { domainId: 3, base: stored });
    expect(payload.customization).toEqual({ requireInteraction: true, ttl: 600, button1: { title: 'Open' } });
    const off = triggerPayload({ ...values, withButtons: false }, { domainId: 3, base: stored });
    expect(off.customization).toEqual({ requireInteraction: true, ttl: 600 });
    const blank = triggerPayload(
      { ...filled, withButtons: true, buttonCount: '2', button1: '  ', button2: 'Go' },
      { domainId: 3 },
    );
    expect(blank).toMatchObject({
      customization: { requireInteraction: false, button1: { title: 'Go' } },
      schedule: { after_days: 0, after_hours: 0, after_mins: 0 },
      meta: { delay: 0 },
    });
    expect(blank).not.toHaveProperty('is_active');
    expect(triggerPayload(filled, { domainId: 3, iconUrl: 'https://up/i.png' }).icon).toBe('https://up/i.png');
  });

  it('maps server error paths to the fields', () => {
    expect(['event', 'title', 'body', 'url', 'icon', 'meta.delay', 'customization.image'].map(fieldOfPath)).toEqual([
      'event',
      'title',
      'message',
      'url',
      'iconFile',
      'delay',
      'imageFile',
    ]);
    expect(fieldOfPath('customization.button2.title')).toBe('button2');
    expect(fieldOfPath('customization.buttons')).toBe('button1');
    expect(fieldOfPath('payload')).toBeNull();
  });
});
