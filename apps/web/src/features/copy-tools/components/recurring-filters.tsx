import { Group, MultiSelect, SegmentedControl, TextInput } from '@mantine/core';
import type { CopySegment, RecurringFilter, Relation } from '../api/copy-tools-api';

/**
 * Step 4.1's filters (part 2 §2, §4, §7): Recurring / Tail Recurring, Active / Inactive, the audiences the drips are
 * sent to and their send time. Each change reloads the list.
 */
export function RecurringFilters({
  filter,
  onFilter,
  audiences,
}: {
  filter: RecurringFilter;
  onFilter: (next: RecurringFilter) => void;
  /** The source website's audiences (the audience filter's choices). */
  audiences: readonly CopySegment[] | undefined;
}) {
  return (
    <Group align="flex-end">
      <SegmentedControl
        aria-label="Relation"
        value={filter.relation}
        onChange={(v) => onFilter({ ...filter, relation: v as Relation })}
        data={[
          { value: 'recurring', label: 'Recurring' },
          { value: 'tail-recurring', label: 'Tail Recurring' },
        ]}
      />
      <SegmentedControl
        aria-label="Status"
        value={String(filter.active)}
        onChange={(v) => onFilter({ ...filter, active: v === '1' ? 1 : 0 })}
        data={[
          { value: '1', label: 'Active' },
          { value: '0', label: 'Inactive' },
        ]}
      />
      <MultiSelect
        label="Audience filter"
        placeholder={filter.audiences?.length ? undefined : 'All audiences'}
        searchable
        clearable
        data={(audiences ?? []).map((a) => ({ value: String(a.id), label: `${a.id} ${a.name}` }))}
        value={(filter.audiences ?? []).map(String)}
        onChange={(v) => onFilter({ ...filter, audiences: v.map(Number) })}
        w={{ base: '100%', sm: 260 }}
      />
      <TextInput
        label="Send time"
        type="time"
        step={1}
        value={filter.time ?? ''}
        onChange={(e) => onFilter({ ...filter, time: e.currentTarget.value || null })}
        w={140}
      />
    </Group>
  );
}
