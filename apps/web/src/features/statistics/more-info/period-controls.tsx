import { Button, Group } from '@mantine/core';
import { DateRangePicker } from '@/components/date-range/date-range-picker';
import { TimezonePicker } from '@/components/timezone-picker';
import { dateToIso, type IsoRange, isoToDate, type StatsPeriod, type StatsWindow } from '../lib/stats-dates';

export type Period = StatsPeriod;

const PERIODS: { value: Period; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

export interface PeriodControlsProps {
  period: Period | null;
  range: IsoRange;
  timezone: string;
  window: StatsWindow;
  onPeriod: (period: Period) => void;
  onRange: (range: IsoRange) => void;
  onTimezone: (timezone: string) => void;
}

/** More Info's date controls: Day / Week / Month buttons, a date range and the zone. */
export function PeriodControls({
  period,
  range,
  timezone,
  window,
  onPeriod,
  onRange,
  onTimezone,
}: PeriodControlsProps) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Button.Group aria-label="Period">
        {PERIODS.map((p) => (
          <Button
            key={p.value}
            variant={period === p.value ? 'filled' : 'default'}
            aria-pressed={period === p.value}
            onClick={() => onPeriod(p.value)}
          >
            {p.label}
          </Button>
        ))}
      </Button.Group>
      <DateRangePicker
        value={[isoToDate(range[0]), isoToDate(range[1])]}
        onChange={([from, to]) => onRange([dateToIso(from), dateToIso(to)])}
        minDate={isoToDate(window.min)}
        maxDate={isoToDate(window.max)}
      />
      <TimezonePicker value={timezone} onChange={onTimezone} />
    </Group>
  );
}
