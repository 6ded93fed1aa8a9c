import { Group, Select, Stack, TextInput } from '@mantine/core';
import { RECURRING_FREQUENCIES } from '@pushdeck/contracts';
import { TimezonePicker } from '@/components/timezone-picker';
import type { RecurringErrors, RecurringSchedule } from '../lib/recurring-form';
import { DaysOfWeekField } from './days-of-week-field';

export interface RecurringScheduleFieldsProps {
  value: RecurringSchedule;
  onChange: (next: RecurringSchedule) => void;
  errors?: RecurringErrors['schedule'];
  disabled?: boolean;
}

const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Schedule of a recurring drip: type (One Time and Multiple Times shown but disabled), frequency, start and end
 * date, time, timezone (mandatory) and, for daily and weekly, the days of the week.
 */
export function RecurringScheduleFields({ value, onChange, errors = {}, disabled }: RecurringScheduleFieldsProps) {
  const set = <K extends keyof RecurringSchedule>(key: K, next: RecurringSchedule[K]) =>
    onChange({ ...value, [key]: next });
  const types = [
    { value: 'one', label: 'One Time', disabled: true },
    { value: 'multiple', label: 'Multiple Times', disabled: true },
    { value: 'recurring', label: 'Recurring' },
    ...(value.type === 'tail-recurring' ? [{ value: 'tail-recurring', label: 'Tail Recurring' }] : []),
  ];
  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        <Select
          label="Schedule type"
          data={types}
          value={value.type}
          onChange={(t) => t && set('type', t)}
          allowDeselect={false}
          error={errors.type}
          disabled={disabled}
        />
        <Select
          label="Frequency"
          data={RECURRING_FREQUENCIES.map((f) => ({ value: f, label: label(f) }))}
          value={value.frequency}
          onChange={(f) => f && set('frequency', f as RecurringSchedule['frequency'])}
          allowDeselect={false}
          disabled={disabled}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput
          type="date"
          label="Start date"
          value={value.date_start}
          onChange={(e) => set('date_start', e.currentTarget.value)}
          error={errors.date_start}
          disabled={disabled}
        />
        <TextInput
          type="date"
          label="End date"
          value={value.date_end}
          onChange={(e) => set('date_end', e.currentTarget.value)}
          error={errors.date_end}
          disabled={disabled}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput
          type="time"
          label="Time"
          withAsterisk
          value={value.time}
          onChange={(e) => set('time', e.currentTarget.value)}
          error={errors.time}
          disabled={disabled}
        />
        <TimezonePicker
          value={value.timezone}
          onChange={(tz) => set('timezone', tz)}
          required
          error={errors.timezone}
          disabled={disabled}
        />
      </Group>
      {(value.frequency === 'daily' || value.frequency === 'weekly') && (
        <DaysOfWeekField value={value.days} onChange={(days) => set('days', days)} error={errors.days} />
      )}
    </Stack>
  );
}
