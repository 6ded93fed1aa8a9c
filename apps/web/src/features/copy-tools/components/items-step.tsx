import { Checkbox, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { MSG } from '@pushdeck/contracts';
import { type ReactNode, useMemo, useState } from 'react';
import { PanelError } from '@/components/data-panel/panel-error';
import { PanelSkeleton } from '@/components/data-panel/panel-skeleton';
import { errorMessage } from '@/lib/api';
import { SelectionHeader } from './selection-header';

export interface ItemColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

export interface ItemsStepProps<T> {
  title: string;
  rows: T[] | undefined;
  loading: boolean;
  error: unknown;
  /** Asks again for the list that failed (its query's refetch). */
  onRetry: () => unknown;
  idOf: (row: T) => number;
  /** The text the search looks in (ID, title, message or name). */
  searchText: (row: T) => string;
  searchPlaceholder: string;
  columns: ItemColumn<T>[];
  selected: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  /** Controls above the table (the relation selector, the status filter). */
  controls?: ReactNode;
  notice?: string | undefined;
  empty: string;
}

/** Steps 4.1, 4.2, 4.3: a searchable list with checkboxes, select-all, the counter and the purge icon. */
export function ItemsStep<T>(props: ItemsStepProps<T>) {
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const rows = useMemo(
    () => (props.rows ?? []).filter((r) => !needle || props.searchText(r).toLowerCase().includes(needle)),
    [props.rows, needle, props.searchText],
  );
  const allChosen = rows.length > 0 && rows.every((r) => props.selected.has(props.idOf(r)));
  const toggle = (id: number) => {
    const next = new Set(props.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    props.onChange(next);
  };
  return (
    <Stack gap="xs">
      <SelectionHeader title={props.title} count={props.selected.size} onPurge={() => props.onChange(new Set())} />
      {props.controls}
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
            placeholder={props.searchPlaceholder}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
          />
          <ScrollArea.Autosize mah={360}>
            <Table striped highlightOnHover aria-label={props.title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={`Select all (${props.title})`}
                      checked={allChosen}
                      disabled={rows.length === 0}
                      onChange={() =>
                        props.onChange(
                          allChosen
                            ? new Set([...props.selected].filter((id) => !rows.some((r) => props.idOf(r) === id)))
                            : new Set([...props.selected, ...rows.map(props.idOf)]),
                        )
                      }
                    />
                  </Table.Th>
                  {props.columns.map((c) => (
                    <Table.Th key={c.header}>{c.header}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={props.columns.length + 1}>
                      <Text c="dimmed" size="sm">
                        {props.empty}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {rows.map((r) => {
                  const id = props.idOf(r);
                  return (
                    <Table.Tr key={id}>
                      <Table.Td>
                        <Checkbox
                          aria-label={`${props.title}: ${props.searchText(r)}`}
                          checked={props.selected.has(id)}
                          onChange={() => toggle(id)}
                        />
                      </Table.Td>
                      {props.columns.map((c) => (
                        <Table.Td key={c.header}>{c.cell(r)}</Table.Td>
                      ))}
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
