import { describe, expect, it } from 'vitest';
import { COPY_MSG, chunked, copyRecurringBodySchema, recurringCopyPayload, welcomeCopyPayload } from './copy-tools.ts';

const drip = {
  id: 7,
  domain_id: 1,
  group_id: 3,
  drip_number: 4,
  type: 'recurring',
  title: 'Deals',
  body: 'Today only',
  url: 'https://shop.test/deals',
  icon: 'https://shop.test/i.png',
  event: 'x',
  external: 1,
  created_at: '2026-01-01',
  updated_at: '2026-01-02',
  deleted_at: null,
  is_active: 1,
  customization: {
    ttl: 60,
    image: '',
    button1: { title: 'Open', url: undefined },
    button2: { title: 'B', url: 'https://b' },
  },
  schedules: [
    { id: 9, drip_id: 7, domain_id: 1, type: 'tail-recurring', time: '09:00', timezone: 'UTC', audiences: [{ id: 2 }] },
  ],
};

describe('the copy payload clean-up (part 2 §5)', () => {
  it('drops ids, dates, numbers, event, external and group, undefined button urls and an empty image', () => {
    const out = recurringCopyPayload(drip, 5, [11]);
    for (const k of ['id', 'created_at', 'updated_at', 'deleted_at', 'drip_number', 'external', 'event', 'group_id'])
      expect(out).not.toHaveProperty(k);
    expect(out).toMatchObject({ domain_id: 5, title: 'Deals', audiences: [11], is_active: 1 });
    expect(out.customization).toEqual({
      ttl: 60,
      button1: { title: 'Open' },
      button2: { title: 'B', url: 'https://b' },
    });
    expect(out.schedule).toEqual({ type: 'tail-recurring', time: '09:00', timezone: 'UTC' });
  });

  it("refuses other schedule types and malformed drips with the spec's messages", () => {
    expect(() => recurringCopyPayload({ ...drip, schedules: [{ type: 'spam-recurring' }] }, 5, [])).toThrow(
      COPY_MSG.unsupportedSchedule,
    );
    expect(() => recurringCopyPayload({ ...drip, schedules: ['x'] }, 5, [])).toThrow(COPY_MSG.notObject('schedule'));
    expect(() => recurringCopyPayload({ ...drip, customization: 'x' }, 5, [])).toThrow(
      COPY_MSG.notObject('customization'),
    );
    expect(() => recurringCopyPayload('x', 5, [])).toThrow(COPY_MSG.notObject('recurring drip'));
    expect(() => recurringCopyPayload(drip, undefined, [])).toThrow(COPY_MSG.noDomain);
  });

  it('makes welcome copies inactive, drip and schedule, on the new website', () => {
    const out = welcomeCopyPayload(
      { ...drip, type: 'welcome', schedules: [{ id: 1, is_active: 1, after_days: 1, after_hours: 2, after_mins: 3 }] },
      8,
    );
    expect(out).toMatchObject({ domain_id: 8, is_active: 0, schedule: { is_active: 0, after_days: 1, after_mins: 3 } });
    expect(out).not.toHaveProperty('id');
    expect(out).not.toHaveProperty('group_id');
  });

  it('reads the Copy Tools 2.0 form and splits lists in chunks of 500', () => {
    const parsed = copyRecurringBodySchema.parse({
      source_client_id: '1',
      target_client_id: '2',
      source_domain_id: '3',
      target_domain_ids: '4,5,4',
      drip_ids: '*',
      with_recurring_groups: '1',
    });
    expect(parsed).toMatchObject({ target_domain_ids: [4, 5], drip_ids: '*', with_recurring_groups: true });
    expect(chunked(Array.from({ length: 1001 }, (_, i) => i)).map((c) => c.length)).toEqual([500, 500, 1]);
  });
});
