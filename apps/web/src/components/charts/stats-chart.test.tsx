import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { StatsChart, type StatsChartProps } from './stats-chart';
import { timeLabel } from './time-label';

const variantSeries: StatsChartProps['variantSeries'] = {
  Clicks: [{ key: 'clicks', label: 'Clicks', color: 'blue' }],
  Sends: [{ key: 'sends', label: 'Sends', color: 'grape' }],
  Subs: [
    { key: 'subs', label: 'Subscribers', color: 'teal' },
    { key: 'err_410', label: '410 errors', color: 'red' },
  ],
  Deliveries: [{ key: 'deliveries', label: 'Deliveries', color: 'orange' }],
  All: [
    { key: 'clicks', label: 'Clicks', color: 'blue' },
    { key: 'sends', label: 'Sends', color: 'grape' },
  ],
};
const data = [
  { timestamp: '2026-03-01', clicks: 1200, sends: 50_000, subs: 3, err_410: 1, deliveries: 48_000 },
  { timestamp: '2026-03-02', clicks: 34, sends: 1000, subs: 2, err_410: 0, deliveries: 990 },
];

const summaryRows = () =>
  within(screen.getByRole('table', { hidden: true }))
    .getAllByRole('row', { hidden: true })
    .slice(1)
    .map((row) => row.textContent);

describe('StatsChart', () => {
  beforeEach(() => {
    // jsdom has no layout, so recharts warns that its container is 0 × 0; other warnings still show.
    const warn = console.warn.bind(console);
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes('of chart should be greater than 0')) warn(...args);
    });
    return () => vi.restoreAllMocks();
  });

  it('offers the variants and shows the series of the chosen one', async () => {
    const onVariantChange = vi.fn();
    renderWithProviders(
      <StatsChart data={data} variantSeries={variantSeries} onVariantChange={onVariantChange} title="Summary" />,
    );
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['Clicks', 'Sends', 'Subs', 'Deliveries', 'All']);
    expect(screen.getByRole('radio', { name: 'Clicks' })).toBeChecked();
    expect(screen.getByText('Summary: Clicks by day')).toBeInTheDocument();
    expect(summaryRows()).toEqual(['Clicks1,234']);

    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Subs' }));
    expect(onVariantChange).toHaveBeenCalledWith('Subs');
    expect(summaryRows()).toEqual(['Subscribers5', '410 errors1']);

    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(summaryRows()).toEqual(['Clicks1,234', 'Sends51,000']);
  });

  it('takes another set of variants, controlled', () => {
    renderWithProviders(
      <StatsChart data={data} variants={['Deliveries', 'Sends']} variant="Sends" variantSeries={variantSeries} />,
    );
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['Deliveries', 'Sends']);
    expect(screen.getByRole('radio', { name: 'Sends' })).toBeChecked();
    expect(summaryRows()).toEqual(['Sends51,000']);
  });

  it("says 'No data for this period.' without rows", () => {
    renderWithProviders(<StatsChart data={[]} variantSeries={variantSeries} />);
    expect(screen.getByText('No data for this period.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { hidden: true })).not.toBeInTheDocument();
  });

  it("holds the chart's place with a grey box of its height while loading, no spinner", () => {
    const { container } = renderWithProviders(
      <StatsChart data={[]} variantSeries={variantSeries} loading height={240} />,
    );
    expect(screen.queryByText('No data for this period.')).not.toBeInTheDocument();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Loading chart' })).toHaveStyle({ height: '240px', width: '100%' });
    expect(container.querySelector('.mantine-Loader-root, .mantine-LoadingOverlay-root')).toBeNull();
  });
});

describe('timeLabel', () => {
  it('reads the bucket by granularity', () => {
    expect(timeLabel('2026-03-05 14:00:00', 'hour')).toBe('2026-03-05 14:00');
    expect(timeLabel('2026-03-05', 'day')).toBe('2026-03-05');
    expect(timeLabel('2026-03-02', 'week')).toBe('2026-03-02');
    expect(timeLabel('2026-03-01', 'month')).toBe('2026-03');
    expect(timeLabel('2026-01-01', 'year')).toBe('2026');
  });

  it('shows instants in the given zone and wall-clock times as they are', () => {
    expect(timeLabel('2026-03-05T22:00:00Z', 'hour', 'Europe/Kyiv')).toBe('2026-03-06 00:00');
    expect(timeLabel(Date.UTC(2026, 2, 5, 22), 'day', 'Asia/Tokyo')).toBe('2026-03-06');
    expect(timeLabel('2026-03-05 22:00:00', 'hour', 'Asia/Tokyo')).toBe('2026-03-05 22:00');
  });
});
