import { describe, expect, it } from 'vitest';
import { growthRows, growthTotals } from './growth-series';

const rows = [
  { timestamp: '2026-11-01 00:00:00', subscribed: 10, unsubscribed: 2, deactivated: 1, full_unsubscribed: 1 },
  { timestamp: '2026-11-02 00:00:00', subscribed: 0, unsubscribed: 4, deactivated: 3, full_unsubscribed: 0 },
  { timestamp: '2026-11-03 00:00:00', subscribed: 5, unsubscribed: 0, deactivated: 0, full_unsubscribed: 0 },
];

describe('subscriber growth', () => {
  it('counts unsubscribed and gone subscriptions as unsubscribed, net = subscribed − unsubscribed per bucket', () => {
    expect(growthRows(rows)).toEqual([
      { timestamp: '2026-11-01 00:00:00', growth_subscribed: 10, growth_unsubscribed: 3, growth_net: 7 },
      { timestamp: '2026-11-02 00:00:00', growth_subscribed: 0, growth_unsubscribed: 7, growth_net: -7 },
      { timestamp: '2026-11-03 00:00:00', growth_subscribed: 5, growth_unsubscribed: 0, growth_net: 5 },
    ]);
  });

  it('sums from the start of the range as running totals, and totals the range', () => {
    expect(growthRows(rows, true).map((r) => [r.growth_subscribed, r.growth_unsubscribed, r.growth_net])).toEqual([
      [10, 3, 7],
      [10, 10, 0],
      [15, 10, 5],
    ]);
    expect(growthTotals(rows)).toEqual({ subscribed: 15, unsubscribed: 10, net: 5 });
    expect(growthTotals(undefined)).toEqual({ subscribed: 0, unsubscribed: 0, net: 0 });
  });
});
