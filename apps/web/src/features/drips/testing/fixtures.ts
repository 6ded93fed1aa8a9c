/** Answers of the drips calls as the server shapes them (contracts dripSchema / scheduleSchema); tests only. */
const NOW = '2026-01-01T00:00:00.000Z';

export function scheduleRow(overrides: Record<string, unknown> = {}) {
  return {
    id: 1,
    domain_id: 3,
    drip_id: null,
    group_id: null,
    name: null,
    type: 'welcome',
    frequency: null,
    time: null,
    timezone: 'UTC',
    date_start: null,
    date_end: null,
    days_of_week: 'monday tuesday wednesday thursday friday saturday sunday',
    from_when: 'subscribed',
    after_days: 0,
    after_hours: 0,
    after_mins: 0,
    choose_time: null,
    is_active: 1,
    last_disp_date: null,
    next_disp_date: null,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

export function dripRow(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    domain_id: 3,
    group_id: null,
    drip_number: 1,
    type: 'welcome',
    title: 'Thanks for subscribing!',
    body: 'Hello',
    url: 'https://shop.acme.test/',
    icon: null,
    event: null,
    customization: { ttl: 7200 },
    meta: {},
    offset: 0,
    sended: 0,
    delivered: 0,
    clicked: 0,
    is_active: 1,
    external: 0,
    created_at: NOW,
    updated_at: NOW,
    deleted_at: null,
    ...overrides,
  };
}

export const audience = (id: number, name: string) => ({
  id,
  domain_id: 3,
  name,
  type: 'audience',
  is_system: 0,
  query: { filters: [] },
  created_at: NOW,
  updated_at: NOW,
});
