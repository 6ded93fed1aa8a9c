import { Table, Text } from '@mantine/core';
import type { DripStats } from '@pushdeck/contracts';
import type { DataTableColumn } from '@/components/data-table/types';
import { useCan } from '@/lib/auth';
import { formatPercent } from '@/lib/format-number';

/** Whether the signed-in user may read drip statistics (the lists then ask `with[stats]=*` and show the columns). */
export function useDripStatsAllowed(): boolean {
  return useCan('drips.stats');
}

/** The four figures of a drip list, all time (docs/metrics.md, "Drip list statistics"). */
export const DRIP_STATS_COLUMNS = [
  { key: 'sent', title: 'Sent' },
  { key: 'delivered', title: 'Delivered' },
  { key: 'clicked', title: 'Clicked' },
  { key: 'push_ctr', title: 'CTR' },
] as const satisfies readonly { key: keyof DripStats; title: string }[];

/** A figure's header: its name, and '(all time)' on a second, quieter line; reads "Sent (all time)". */
function StatHeader({ title }: { title: string }) {
  return (
    <>
      {title}{' '}
      <Text span display="block" size="xs" c="dimmed" fw={400}>
        (all time)
      </Text>
    </>
  );
}

const counts = new Intl.NumberFormat('en-US');

/** One figure as a list shows it: whole counts with separators, CTR in percent; '—' when the row has no stats. */
export function dripStatText(stats: DripStats | undefined, key: keyof DripStats): string {
  if (!stats) return '—';
  return key === 'push_ctr' ? formatPercent(stats.push_ctr) : counts.format(stats[key]);
}

/** Sent, Delivered, Clicked and CTR columns for a DataTable of drips read with `with[stats]=*`. */
export function dripStatsColumns<T extends { stats?: DripStats }>(): DataTableColumn<T>[] {
  return DRIP_STATS_COLUMNS.map(({ key, title }) => ({
    key: `stats.${key}`,
    title: <StatHeader title={title} />,
    align: 'right',
    width: 90,
    render: (row: T) => dripStatText(row.stats, key),
  }));
}

/** The same four columns for a plain Mantine table: header cells… */
export function DripStatsHeads() {
  return (
    <>
      {DRIP_STATS_COLUMNS.map(({ key, title }) => (
        <Table.Th key={key} style={{ textAlign: 'right' }}>
          <StatHeader title={title} />
        </Table.Th>
      ))}
    </>
  );
}

/** …and a row's cells. */
export function DripStatsCells({ stats }: { stats: DripStats | undefined }) {
  return (
    <>
      {DRIP_STATS_COLUMNS.map(({ key }) => (
        <Table.Td key={key} style={{ textAlign: 'right' }}>
          {dripStatText(stats, key)}
        </Table.Td>
      ))}
    </>
  );
}
