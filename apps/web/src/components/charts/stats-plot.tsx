import '@mantine/charts/styles.css';
import { AreaChart, LineChart } from '@mantine/charts';

export interface StatsPlotProps {
  kind: 'line' | 'area';
  h: number;
  data: Record<string, unknown>[];
  dataKey: string;
  series: { name: string; label?: string; color: string }[];
  valueFormatter: (value: number) => string;
  withLegend: boolean;
  withDots: boolean;
  curveType: 'linear';
}

/** The drawn chart (the charts library, ~120 KB gzipped): its own chunk, loaded by StatsChart once a chart shows. */
export default function StatsPlot({ kind, ...props }: StatsPlotProps) {
  return kind === 'line' ? <LineChart {...props} /> : <AreaChart {...props} />;
}
