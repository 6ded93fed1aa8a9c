import { Badge, Checkbox, Group, Radio, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { MSG } from '@pushdeck/contracts';
import { useMemo, useState } from 'react';
import { PanelError } from '@/components/data-panel/panel-error';
import { PanelSkeleton } from '@/components/data-panel/panel-skeleton';
import { errorMessage } from '@/lib/api';
import type { CopyDomain } from '../api/copy-tools-api';
import { SelectionHeader } from './selection-header';

const TAG_COLORS: Record<string, string> = { geo: 'blue', adult: 'red', category: 'grape', server: 'teal' };

export interface DomainStepProps {
  title: string;
  domains: CopyDomain[] | undefined;
  loading: boolean;
  error: unknown;
  /** Asks again for the list that failed (its query's refetch). */
  onRetry: () => unknown;
  /** Single select (source, migration target) or several with select-all. */
  multiple: boolean;
  selected: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  /** Shown instead of the table (a moderator without a client). */
  notice?: string | undefined;
  disabledIds?: ReadonlySet<number>;
}

/** Step 1 / 2: websites with tag chips (a click searches for the tag) and status, searchable. */
export function DomainStep(props: DomainStepProps) {
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const rows = useMemo(
    () =>
      (props.domains ?? []).filter(
        (d) =>
          !needle ||
          d.url.toLowerCase().includes(needle) ||
          (d.domain_tags ?? []).some((t) => t.name.toLowerCase().includes(needle)),
      ),
    [props.domains, needle],
  );
  const selectable = rows.filter((d) => !props.disabledIds?.has(d.id));
  const allChosen = selectable.length > 0 && selectable.every((d) => props.selected.has(d.id));
  const toggle = (id: number) => {
    if (!props.multiple) return props.onChange(new Set([id]));
    const next = new Set(props.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    props.onChange(next);
  };

  return (
    <Stack gap="xs">
      <SelectionHeader title={props.title} count={props.selected.size} onPurge={() => props.onChange(new Set())} />
      {props.notice ? (
        <Text c="dimmed">{props.notice}</Text>
      ) : props.error ? (
        <PanelError message={errorMessage(props.error, MSG.error)} onRetry={props.onRetry} retrying={props.loading} />
      ) : props.loading ? (
        // the search box and a few rows in grey: the step keeps its height when the list comes
        <PanelSkeleton lines={4} height={28} label={`Loading ${props.title}`} />
      ) : (
        <>
          <TextInput
            aria-label={`Search ${props.title}`}
            placeholder="Search by domain or tag"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
          />
          <ScrollArea.Autosize mah={320}>
            <Table striped highlightOnHover aria-label={props.title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    {props.multiple && (
                      <Checkbox
                        aria-label={`Select all (${props.title})`}
                        checked={allChosen}
                        onChange={() =>
                          props.onChange(
                            allChosen
                              ? new Set([...props.selected].filter((id) => !selectable.some((d) => d.id === id)))
                              : new Set([...props.selected, ...selectable.map((d) => d.id)]),
                          )
                        }
                      />
                    )}
                  </Table.Th>
                  <Table.Th>Domain</Table.Th>
                  <Table.Th>Tags</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text c="dimmed" size="sm">
                        No websites found.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {rows.map((d) => {
                  const disabled = props.disabledIds?.has(d.id) ?? false;
                  const label = `${props.title}: ${d.url}`;
                  return (
                    <Table.Tr key={d.id}>
                      <Table.Td>
                        {props.multiple ? (
                          <Checkbox
                            aria-label={label}
                            checked={props.selected.has(d.id)}
                            disabled={disabled}
                            onChange={() => toggle(d.id)}
                          />
                        ) : (
                          <Radio
                            aria-label={label}
                            checked={props.selected.has(d.id)}
                            disabled={disabled}
                            onChange={() => toggle(d.id)}
                          />
                        )}
                      </Table.Td>
                      <Table.Td>{d.url}</Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {(d.domain_tags ?? []).map((t) => (
                            <Badge
                              key={t.id}
                              component="button"
                              type="button"
                              variant="light"
                              color={TAG_COLORS[t.type] ?? 'gray'}
                              style={{ cursor: 'pointer' }}
                              onClick={() => setSearch(t.name)}
                            >
                              {t.name}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                      <Table.Td>{d.is_active === 1 ? 'Active' : 'Inactive'}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </>
      )}
    </Stack>
  );
}
