import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { filterTimes, readAuditFilters } from './audit-filters';

describe('readAuditFilters', () => {
  it('reads actor, action and days from the URL', () => {
    expect(
      readAuditFilters(
        new URLSearchParams('actor=%20moder@pushdeck.test%20&action=impersonation.start&from=2026-11-01&to=2026-11-25'),
      ),
    ).toEqual({ actor: 'moder@pushdeck.test', action: 'impersonation.start', from: '2026-11-01', to: '2026-11-25' });
  });

  it('ignores an unknown action and malformed days', () => {
    expect(readAuditFilters(new URLSearchParams('action=drop.table&from=yesterday&to=2026-13-45'))).toEqual({
      actor: '',
      action: '',
      from: null,
      to: null,
    });
  });
});

describe('filterTimes', () => {
  it('turns the days into local midnights, the last day included', () => {
    const times = filterTimes({ from: '2026-11-01', to: '2026-11-25' });
    expect(times.from).toBe(dayjs('2026-11-01').toDate().toISOString());
    expect(times.to).toBe(dayjs('2026-11-26').toDate().toISOString());
    expect(filterTimes({ from: null, to: null })).toEqual({ from: null, to: null });
  });
});
