import { Button, CloseButton, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { AUDIT_ACTIONS, type AuditAction } from '@pushdeck/contracts';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { DateRangePicker, type DateRangeValue } from '@/components/date-range/date-range-picker';
import { SEARCH_DEBOUNCE_MS } from '@/components/search-input/search-input';
import type { AuditFilters } from '../lib/audit-filters';
import { AUDIT_ACTION_LABELS } from '../lib/audit-texts';

const ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({ value, label: AUDIT_ACTION_LABELS[value] }));
const DAY = 'YYYY-MM-DD';
/** The trail is kept for good: the range may reach back this far. */
const OLDEST = dayjs().subtract(10, 'year').startOf('day').toDate();

interface AuditFiltersBarProps {
  filters: AuditFilters;
  onChange: (patch: Partial<AuditFilters>) => void;
}

/** Actor (e-mail, exact), action and date range; each change goes to the URL and back to page 1. */
export function AuditFiltersBar({ filters, onChange }: AuditFiltersBarProps) {
  const [actor, setActor] = useState(filters.actor);
  const pushActor = useDebouncedCallback((value: string) => onChange({ actor: value }), SEARCH_DEBOUNCE_MS);
  useEffect(() => setActor(filters.actor), [filters.actor]);

  const range: DateRangeValue = [
    filters.from ? dayjs(filters.from).toDate() : null,
    filters.to ? dayjs(filters.to).toDate() : null,
  ];
  const any = Boolean(filters.actor || filters.action || filters.from || filters.to);

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label="Actor"
        placeholder="E-mail of who acted"
        description="The full e-mail address"
        value={actor}
        onChange={(event) => {
          setActor(event.currentTarget.value);
          pushActor(event.currentTarget.value);
        }}
        rightSection={
          actor ? (
            <CloseButton
              aria-label="Clear actor"
              onClick={() => {
                setActor('');
                onChange({ actor: '' });
              }}
            />
          ) : null
        }
        w={{ base: '100%', sm: 280 }}
      />
      <Select
        label="Action"
        placeholder="Every action"
        data={ACTION_OPTIONS}
        value={filters.action || null}
        onChange={(value) => onChange({ action: (value ?? '') as AuditAction | '' })}
        clearable
        w={{ base: '100%', sm: 240 }}
      />
      <Group gap={4} align="flex-end" wrap="nowrap">
        <DateRangePicker
          label="Date range"
          placeholder="Any date"
          value={range}
          minDate={OLDEST}
          onChange={([from, to]) => onChange({ from: dayjs(from).format(DAY), to: dayjs(to).format(DAY) })}
        />
        {(filters.from || filters.to) && (
          <CloseButton aria-label="Clear dates" mb={6} onClick={() => onChange({ from: null, to: null })} />
        )}
      </Group>
      {any && (
        <Button variant="subtle" onClick={() => onChange({ actor: '', action: '', from: null, to: null })}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
