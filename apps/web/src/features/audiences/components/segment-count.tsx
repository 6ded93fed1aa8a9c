import { Loader, Text } from '@mantine/core';
import { errorMessage } from '@/lib/api';
import { formatCount } from '@/lib/format-number';
import { useSegmentCount } from '../api/use-segments';

/** A stored segment's subscriber count, short above 999 (1.2k), the exact number as its title. */
export function SegmentCount({ id }: { id: number }) {
  const count = useSegmentCount(id);
  if (count.isPending) return <Loader size="xs" role="progressbar" aria-label="Counting" />;
  if (count.isError) {
    return (
      <Text span c="red" size="sm" title={errorMessage(count.error, 'Error!')}>
        —
      </Text>
    );
  }
  const { data, is_estimate } = count.data;
  return (
    <Text span size="sm" title={`${is_estimate ? 'About ' : ''}${data} subscribers`}>
      {is_estimate ? '≈ ' : ''}
      {formatCount(data)}
    </Text>
  );
}
