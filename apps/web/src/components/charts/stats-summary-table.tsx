import { VisuallyHidden } from '@mantine/core';
import type { StatsRow, StatsSeries } from './types';

export interface StatsSummaryTableProps {
  caption: string;
  series: StatsSeries[];
  data: StatsRow[];
}

/** Totals of the shown series for screen readers: the chart itself is a picture. */
export function StatsSummaryTable({ caption, series, data }: StatsSummaryTableProps) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Series</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {series.map((s) => {
            const total = data.reduce((sum, row) => sum + (Number(row[s.key]) || 0), 0);
            return (
              <tr key={s.key}>
                <th scope="row">{s.label}</th>
                <td>{total.toLocaleString('en-US')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
