import dayjs, { type Dayjs } from 'dayjs';

/** A calendar date as 'YYYY-MM-DD' (the form Mantine dates pickers use). */
export type DateString = string;

export interface RangePreset {
  label: string;
  value: [DateString, DateString];
}

const DAY = 'YYYY-MM-DD';

function range(label: string, from: Dayjs, to: Dayjs): RangePreset {
  return { label, value: [from.format(DAY), to.format(DAY)] };
}

/** The dashboards' range presets for `today`, both ends inclusive. */
export function rangePresets(today: Date): RangePreset[] {
  const day = dayjs(today).startOf('day');
  const yesterday = day.subtract(1, 'day');
  const lastMonth = day.subtract(1, 'month');
  return [
    range('Today', day, day),
    range('Yesterday', yesterday, yesterday),
    range('Last 7 days', day.subtract(6, 'day'), day),
    range('This month', day.startOf('month'), day),
    range('Last month', lastMonth.startOf('month'), lastMonth.endOf('month')),
    range('Last 30 days', day.subtract(29, 'day'), day),
    range('Last 3 months', day.subtract(3, 'month'), day),
  ];
}

/** Presets cut to [minDate, maxDate]; a preset wholly outside is left out. */
export function clampPresets(presets: RangePreset[], minDate: Date, maxDate: Date): RangePreset[] {
  const min = dayjs(minDate).startOf('day');
  const max = dayjs(maxDate).startOf('day');
  return presets.flatMap(({ label, value: [from, to] }) => {
    const start = dayjs(from).isBefore(min) ? min : dayjs(from);
    const end = dayjs(to).isAfter(max) ? max : dayjs(to);
    return start.isAfter(end) ? [] : [range(label, start, end)];
  });
}
