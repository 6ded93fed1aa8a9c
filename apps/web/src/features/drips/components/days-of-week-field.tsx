import { Checkbox, Chip, Group, Input, Stack } from '@mantine/core';
import { DAYS_OF_WEEK } from '@pushdeck/contracts';
import type { Day } from '../lib/recurring-form';

export interface DaysOfWeekFieldProps {
  value: Day[];
  onChange: (days: Day[]) => void;
  error?: string | undefined;
  label?: string;
  required?: boolean;
}

const short = (d: string) => d.charAt(0).toUpperCase() + d.slice(1, 3);

/** Days of The Week: an 'All' checkbox (ticked when all 7 are chosen) and one chip per day. */
export function DaysOfWeekField({
  value,
  onChange,
  error,
  label = 'Days of The Week',
  required,
}: DaysOfWeekFieldProps) {
  const all = value.length === DAYS_OF_WEEK.length;
  return (
    <Input.Wrapper label={label} error={error} withAsterisk={required}>
      <Stack gap={6} mt={4}>
        <Checkbox
          label="All"
          checked={all}
          indeterminate={!all && value.length > 0}
          onChange={(e) => onChange(e.currentTarget.checked ? [...DAYS_OF_WEEK] : [])}
        />
        <Chip.Group multiple value={value} onChange={(next) => onChange(DAYS_OF_WEEK.filter((d) => next.includes(d)))}>
          <Group gap={6} role="group" aria-label={label}>
            {DAYS_OF_WEEK.map((d) => (
              <Chip key={d} value={d} size="xs" aria-label={d}>
                {short(d)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
    </Input.Wrapper>
  );
}
