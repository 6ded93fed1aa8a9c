import { formatPercent } from '@/lib/format-number';

/** How the statistics tables name their columns. */
export const COLUMN_TITLES: Record<string, string> = {
  website_id: 'Domain',
  campaign_uid: 'Campaign',
  url: 'URL',
  client: 'Client',
  client_uid: 'Client UID',
  date: 'Date',
  type: 'Type',
  drip_id: 'Drip',
  sent: 'Sent',
  delivered: 'Deliveries',
  clicked: 'Clicks',
  d2c: 'D2C',
  s2d: 'S2D',
  sub2c: 'Sub2C',
  sub2deact: 'Sub2Deact',
  sub2uns: 'Sub2Uns',
  subscribed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
  full_unsubscribed: 'Full unsubscribed',
  deactivated: 'Deactivated',
  avg_patient_days: 'Patience days',
  push_ctr: 'Pushes CTR',
  delivery_rate: 'Delivery rate',
  hate_rate: 'Hate rate',
  unsubscribe_rate: 'Unsubscribe rate',
  clicks_per_subscriber: 'Clicks per subscriber',
  match_ratio: 'Match ratio',
  count_setup_drips_per_day: 'Setup drips per day',
  count_setup_drips_per_hour: 'Setup drips per hour',
  count_drips_per_day_by_sent: 'Drips per day by sent',
  count_drips_per_hour_by_sent: 'Drips per hour by sent',
  sent_per_hour_by_uniq_drips: 'Sent per hour by uniq drips',
  sent_per_day_by_uniq_drips: 'Sent per day by uniq drips',
  active_subs_last_3_days: 'Active subs last 3 days',
  active_subs_by_hour_last_3_days: 'Active subs by hour last 3 days',
};

export const columnTitle = (key: string): string => COLUMN_TITLES[key] ?? key;

/** What Server Performance's columns count, shown on their headers (docs/metrics.md, "Server Performance columns"). */
export const SERVER_PERFORMANCE_HINTS: Record<string, string> = {
  campaign_uid: "The website's id (its URL under it).",
  client_uid: "The client's uid (its name under it).",
  count_setup_drips_per_day:
    'Drip-days: drips with an occurrence due or a push attempted on a day of the row, each drip once per day.',
  count_setup_drips_per_hour: 'Drip-hours: the same, each drip once per UTC hour.',
  count_drips_per_day_by_sent: 'Drip-days with at least one push sent.',
  count_drips_per_hour_by_sent: 'Drip-hours with at least one push sent.',
  sent: 'Pushes the push services accepted.',
  match_ratio: 'Sent ÷ every attempted push (sent, deactivated and errors), in %.',
  sent_per_hour_by_uniq_drips: 'Sent ÷ drip-hours with sends.',
  sent_per_day_by_uniq_drips: 'Sent ÷ drip-days with sends.',
  subscribed: 'Subscriber events are not drip facts: 0 on rows of a drip type.',
  delivered: 'Pushes the browsers reported delivered.',
  clicked: 'Pushes clicked.',
  active_subs_last_3_days: 'Subscribers with a push delivered in the 72 hours ending with the row.',
  active_subs_by_hour_last_3_days: 'Subscriber-hours with a delivery in those 72 hours ÷ 72.',
};

/** Columns read as percents (0 when empty). */
export const PERCENT_COLUMNS = new Set([
  'd2c',
  's2d',
  'sub2c',
  'sub2deact',
  'sub2uns',
  'push_ctr',
  'delivery_rate',
  'hate_rate',
  'unsubscribe_rate',
  'match_ratio',
]);

/** A table cell: percents with '%', other numbers with thousands separators, dates without '00:00:00'. */
export function formatCell(key: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined)
    return key === 'date' ? '' : PERCENT_COLUMNS.has(key) ? formatPercent(0) : '';
  if (PERCENT_COLUMNS.has(key)) return formatPercent(typeof value === 'number' ? value : Number(value) || 0);
  if (typeof value === 'number') return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  if (key === 'date') return value.replace(/ 00:00:00$/, '');
  return value;
}
