import { SegmentedControl } from '@mantine/core';

export interface GranularityOption<V extends string = string> {
  value: V;
  label: string;
}

export type Granularity = 'hour' | 'day' | 'week' | 'month';

/** Dashboards: Hour, Day, Week, Month. */
export const HOUR_DAY_WEEK_MONTH: GranularityOption<Granularity>[] = [
  { value: 'hour', label: 'Hour' },
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

/** Performance and Data Explorer: Day, Month, Year. */
export const DAY_MONTH_YEAR: GranularityOption<'day' | 'month' | 'year'>[] = [
  { value: 'day', label: 'Day' },
  { value: 'month', label: 'Month' },
  { value: 'year', label: 'Year' },
];

export interface GranularityButtonsProps<V extends string> {
  value: V;
  onChange: (value: V) => void;
  /** Hour, Day, Week, Month by default. */
  options?: GranularityOption<V>[];
  /** Accessible name of the group. */
  label?: string;
  disabled?: boolean;
}

/** One choice of time step for a chart or report (a radio group under the hood). */
export function GranularityButtons<V extends string = Granularity>({
  value,
  onChange,
  options = HOUR_DAY_WEEK_MONTH as GranularityOption<string>[] as GranularityOption<V>[],
  label = 'Granularity',
  disabled,
}: GranularityButtonsProps<V>) {
  return (
    <SegmentedControl
      aria-label={label}
      data={options}
      value={value}
      onChange={(next) => onChange(next as V)}
      disabled={disabled}
      size="xs"
    />
  );
}
