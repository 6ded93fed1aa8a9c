import type { MantineColor } from '@mantine/core';

export interface StatsSeries {
  /** Property of the data rows. */
  key: string;
  label: string;
  color: MantineColor;
}

export interface StatsRow {
  /** Start of the bucket. */
  timestamp: string | number | Date;
  [series: string]: string | number | Date | null | undefined;
}
