import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { PAGE_SIZES_LARGE } from '@pushdeck/contracts';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

export interface PrevNextPagerProps {
  page: number;
  pageLength: number;
  /** Rows on this page: fewer than the page size means there is no next page. */
  rowCount: number;
  onPage: (page: number) => void;
  onPageLength: (pageLength: number) => void;
  disabled?: boolean;
}

/** Previous / next paging with the page size (25, 50, 100, 200). */
export function PrevNextPager({ page, pageLength, rowCount, onPage, onPageLength, disabled }: PrevNextPagerProps) {
  const sizes = (PAGE_SIZES_LARGE as readonly number[]).includes(pageLength)
    ? PAGE_SIZES_LARGE
    : [...PAGE_SIZES_LARGE, pageLength].sort((a, b) => a - b);
  return (
    <Group justify="flex-end" gap="sm" mt="sm">
      <Text size="sm" c="dimmed">
        Page {page}
      </Text>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconChevronLeft size={14} aria-hidden />}
        disabled={disabled || page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </Button>
      <Button
        variant="default"
        size="xs"
        rightSection={<IconChevronRight size={14} aria-hidden />}
        disabled={disabled || rowCount < pageLength}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
      <NativeSelect
        aria-label="Rows per page"
        size="xs"
        w={80}
        value={String(pageLength)}
        data={sizes.map(String)}
        onChange={(e) => onPageLength(Number(e.currentTarget.value))}
      />
    </Group>
  );
}
