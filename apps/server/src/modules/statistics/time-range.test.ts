import { STATS_MSG } from '@pushdeck/contracts';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../lib/errors.ts';
import { addMonthsIso, dayDataEnd, localDate, statsRange } from './time-range.ts';

const fields = { from: 'date_start', to: 'date_finish', tz: 'timezone' };

describe('statistics date ranges', () => {
  it('goes back calendar months, clamping the day to the month', () => {
    expect(addMonthsIso('2026-11-10', -2)).toBe('2026-09-10');
    expect(addMonthsIso('2026-12-31', -2)).toBe('2026-10-31');
    expect(addMonthsIso('2026-04-30', -2)).toBe('2026-02-28');
    expect(addMonthsIso('2028-04-30', -2)).toBe('2028-02-29');
    expect(addMonthsIso('2026-01-15', -2)).toBe('2025-11-15');
  });

  it("takes today in the request's zone", () => {
    const now = new Date('2026-11-10T23:30:00Z');
    expect(localDate(now, 'UTC')).toBe('2026-11-10');
    expect(localDate(now, 'Europe/Kyiv')).toBe('2026-11-11');
    expect(() => statsRange({ tz: 'UTC', from: '2026-11-11', to: '2026-11-11', now }, fields)).toThrow(ValidationError);
    const r = statsRange({ tz: 'Europe/Kyiv', from: '2026-09-11', to: '2026-11-11', now }, fields);
    expect(r).toMatchObject({ from: '2026-09-11', to: '2026-11-11', toExclusive: '2026-11-12' });
    try {
      statsRange({ tz: 'Europe/Kyiv', from: '2026-09-10', to: '2026-11-11', now }, fields);
      expect.unreachable();
    } catch (e) {
      expect((e as ValidationError).errors).toEqual({
        date_start: [STATS_MSG.dateRange.replace(':min', '2026-09-11').replace(':max', '2026-11-11')],
      });
    }
  });

  it('ends a local day with the first UTC hour whose start belongs to the next day', () => {
    // Kolkata (UTC+5:30): 2026-11-02 00:00 local is 18:30 UTC; the 18:00 UTC hour starts at 23:30 local
    expect(dayDataEnd('2026-11-01', 'Asia/Kolkata').toISOString()).toBe('2026-11-01T19:00:00.000Z');
    // Kyiv: 2026-10-25 has 25 hours; the next day starts at 22:00 UTC (UTC+2)
    expect(dayDataEnd('2026-10-25', 'Europe/Kyiv').toISOString()).toBe('2026-10-25T22:00:00.000Z');
    expect(dayDataEnd('2026-10-24', 'Europe/Kyiv').toISOString()).toBe('2026-10-24T21:00:00.000Z');
  });
});
