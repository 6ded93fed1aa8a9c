import { describe, expect, it } from 'vitest';
import { buildNotification, notificationFromPush, parsePushPayload } from './notification.ts';

const payload = {
  v: 1,
  m: 'tok123',
  title: 'Sale',
  body: 'Half price today',
  icon: 'https://cdn.example.com/i.png',
  image: 'https://cdn.example.com/big.jpg',
  url: 'https://shop.example.org/sale',
};

describe('buildNotification', () => {
  it('maps the payload and defaults the tag to pushmine-<m>', () => {
    const built = notificationFromPush(JSON.stringify(payload), 'https://shop.example.org');
    expect(built.title).toBe('Sale');
    expect(built.m).toBe('tok123');
    expect(built.options).toEqual({
      body: 'Half price today',
      icon: 'https://cdn.example.com/i.png',
      image: 'https://cdn.example.com/big.jpg',
      requireInteraction: false,
      tag: 'pushmine-tok123',
      data: { m: 'tok123', url: 'https://shop.example.org/sale', buttons: [] },
      actions: [],
    });
  });

  it('keeps a given tag and requireInteraction', () => {
    const built = notificationFromPush(
      JSON.stringify({ ...payload, tag: 'daily', requireInteraction: true }),
      'https://x.test',
    );
    expect(built.options.tag).toBe('daily');
    expect(built.options.requireInteraction).toBe(true);
  });

  it('caps buttons at two and numbers their actions', () => {
    const buttons = [
      { title: 'One', url: 'https://a.test/1' },
      { title: 'Two' },
      { title: 'Three', url: 'https://a.test/3' },
    ];
    const parsed = parsePushPayload(JSON.stringify({ ...payload, buttons }));
    expect(parsed).not.toBeNull();
    const built = buildNotification(parsed!);
    expect(built.options.actions).toEqual([
      { action: 'button1', title: 'One' },
      { action: 'button2', title: 'Two' },
    ]);
    expect(built.options.data?.buttons).toEqual([{ title: 'One', url: 'https://a.test/1' }, { title: 'Two' }]);
    expect(buildNotification({ ...parsed!, buttons }).options.actions).toHaveLength(2);
  });

  it('drops buttons without a title', () => {
    const built = notificationFromPush(
      JSON.stringify({ ...payload, buttons: [{ url: 'x' }, 'y', null] }),
      'https://x.test',
    );
    expect(built.options.actions).toEqual([]);
  });

  it('shows a generic notification (site host, no ping) for a non-JSON payload or one without a title', () => {
    for (const text of ['not json', '', null, '[]', JSON.stringify({ ...payload, title: '' })]) {
      const built = notificationFromPush(text, 'https://shop.example.org');
      expect(built.title).toBe('shop.example.org');
      expect(built.m).toBeNull();
      expect(built.options.data?.url).toBe('https://shop.example.org');
    }
  });
});
