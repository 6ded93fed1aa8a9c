import { Group, NativeSelect, Pagination, Text } from '@mantine/core';

export interface DataTableFooterProps {
  total: number;
  page: number;
  pageLength: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageLength: (pageLength: number) => void;
}

const CONTROL_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' };

/** Shown range ('11–20 of 57'), numbered pages and the page-size select. */
export function DataTableFooter({ total, page, pageLength, pageSizes, onPage, onPageLength }: DataTableFooterProps) {
  const pages = Math.max(1, Math.ceil(total / pageLength));
  const from = total === 0 ? 0 : (page - 1) * pageLength + 1;
  const to = Math.min(total, page * pageLength);
  const sizes = pageSizes.includes(pageLength) ? pageSizes : [...pageSizes, pageLength].sort((a, b) => a - b);
  return (
    <Group justify="space-between" mt="sm" gap="sm">
      <Text size="sm" c="dimmed">
        {from}–{to} of {total}
      </Text>
      <Group gap="sm">
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          size="sm"
          withEdges={pages > 5}
          getItemProps={(item) => ({
            'aria-label': `Page ${item}`,
            'aria-current': item === page ? 'page' : undefined,
          })}
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        />
        <NativeSelect
          aria-label="Rows per page"
          size="xs"
          w={80}
          value={String(pageLength)}
          data={sizes.map(String)}
          onChange={(event) => onPageLength(Number(event.currentTarget.value))}
        />
      </Group>
    </Group>
  );
}
