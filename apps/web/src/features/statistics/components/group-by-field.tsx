import { Checkbox, Group } from '@mantine/core';

export interface GroupByFieldProps {
  label: string;
  options: { value: string; label: string }[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}

/** A required set of checkboxes (Server Performance's Group By: Welcome, Recurring). */
export function GroupByField({ label, options, value, onChange, error }: GroupByFieldProps) {
  return (
    <Checkbox.Group label={label} value={value} onChange={onChange} error={error} withAsterisk>
      <Group gap="md" mt={8}>
        {options.map((o) => (
          <Checkbox key={o.value} value={o.value} label={o.label} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
