import type { Usage } from '@pushdeck/contracts';
import { EmptyState } from '@/components/data-panel/empty-state';

/** The bars' height in px (the page's placeholder while loading is as high). */
export const DAILY_CHART_HEIGHT = 120;
const H = DAILY_CHART_HEIGHT;
const BAR = 16;

/** This month's sends (blue) and over-quota rows (red) per day, as bars; each bar's title names its figures. */
export function DailyChart({ days }: { days: Usage['daily'] }) {
  if (days.length === 0) {
    return <EmptyState title="No sends this month yet." hint="Each day's sends show here once a push goes out." />;
  }
  const max = Math.max(1, ...days.map((d) => d.sends + d.over_quota));
  return (
    <svg width={days.length * (BAR + 4)} height={H} role="img" aria-label="Sends by day">
      {days.map((d, i) => {
        const sent = (d.sends / max) * H;
        const over = (d.over_quota / max) * H;
        return (
          <g key={d.day}>
            <title>{`${d.day}: ${d.sends} sent, ${d.over_quota} over quota`}</title>
            <rect x={i * (BAR + 4)} y={H - sent} width={BAR} height={sent} fill="var(--mantine-color-blue-6)" />
            <rect x={i * (BAR + 4)} y={H - sent - over} width={BAR} height={over} fill="var(--mantine-color-red-6)" />
          </g>
        );
      })}
    </svg>
  );
}
