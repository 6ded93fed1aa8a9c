import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { CustomExportDialog, defaultExportTimezone } from './custom-export-dialog';

const EXPORT = '/api/v1/files/customExport';
const domains = [
  { id: 1, website_id: 'w-shop', url: 'https://shop.acme.test' },
  { id: 2, website_id: 'w-blog', url: 'https://blog.acme.test' },
];

function setup() {
  const net = stubFetch((call) => {
    if (call.path === '/api/v1/domains') return jsonResponse(200, { data: domains });
    if (call.path === EXPORT)
      return jsonResponse(200, {
        data: { path: '/files/custom_drips_1.csv', basename: 'custom_drips_1.csv', status: 'in_progress' },
      });
    return jsonResponse(404, {});
  });
  const onStarted = vi.fn();
  renderWithProviders(<CustomExportDialog opened onClose={() => {}} onStarted={onStarted} />);
  return { net, onStarted, user: userEvent.setup() };
}

const dialog = () => screen.getByRole('dialog', { name: 'Custom Export' });

async function pick(user: ReturnType<typeof userEvent.setup>, field: string, option: string | RegExp) {
  await user.click(await within(dialog()).findByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('CustomExportDialog', () => {
  beforeEach(() => {
    // only the clock: "today" is 2026-03-15
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 15, 12, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps a Period picked first, names (and marks) what is missing, then exports with every choice', async () => {
    const { net, onStarted, user } = setup();
    await pick(user, 'Period', 'Week');
    await user.click(await within(dialog()).findByPlaceholderText('Pick websites'));
    await user.click(await screen.findByRole('option', { name: 'https://shop.acme.test' }));
    await user.keyboard('{Escape}');
    const zone = within(dialog()).getByRole('combobox', { name: 'Timezone' });
    await user.click(zone);
    await user.clear(zone);
    await user.type(zone, 'Kyiv');
    await user.click(await screen.findByRole('option', { name: /^Europe\/Kyiv/ }));
    await user.click(await within(dialog()).findByRole('button', { name: 'Date range' }));
    await user.click(await screen.findByRole('button', { name: 'Last 7 days' }));

    await user.click(within(dialog()).getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Fill out the required fields!')).toBeInTheDocument();
    expect(screen.getByText('Missing: Data type, Group by.')).toBeInTheDocument();
    // the two empty fields are marked, the filled ones are not
    expect(within(dialog()).getByRole('combobox', { name: 'Data type' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog()).getByRole('combobox', { name: 'Group by' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog()).getByRole('combobox', { name: 'Period' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog()).getByRole('combobox', { name: 'Period' })).toHaveValue('Week');
    expect(net.calls.some((c) => c.path === EXPORT)).toBe(false);

    await pick(user, 'Data type', 'Drips');
    expect(within(dialog()).getByRole('combobox', { name: 'Data type' })).not.toHaveAttribute('aria-invalid', 'true');
    await pick(user, 'Group by', 'Website Id');
    await user.click(within(dialog()).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalled());
    expect(net.calls.find((c) => c.path === EXPORT)?.body).toEqual({
      data_type: 'drips',
      group_by: 'website_id',
      date_start: '2026-03-09',
      date_end: '2026-03-15',
      date_trunc: 'week',
      timezone: 'Europe/Kyiv',
      website_id: ['w-shop'],
    });
  }, 20_000);

  it('picking the Period shown again keeps it (a required choice is never cleared by a click)', async () => {
    const { user } = setup();
    expect(within(dialog()).getByRole('combobox', { name: 'Period' })).toHaveValue('Day');
    await pick(user, 'Period', 'Day');
    expect(within(dialog()).getByRole('combobox', { name: 'Period' })).toHaveValue('Day');
    await pick(user, 'Data type', 'Subs');
    await pick(user, 'Data type', 'Subs');
    expect(within(dialog()).getByRole('combobox', { name: 'Data type' })).toHaveValue('Subs');
  });

  it("starts at the browser's timezone when the picker offers it, else UTC", async () => {
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    let zone = 'Europe/Kiev';
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolved.call(this), timeZone: zone };
    });
    expect(defaultExportTimezone()).toBe('Europe/Kyiv');
    zone = 'Mars/Olympus_Mons';
    expect(defaultExportTimezone()).toBe('UTC');
    zone = 'America/New_York';
    setup();
    const picker = await within(dialog()).findByRole<HTMLInputElement>('combobox', { name: 'Timezone' });
    expect(picker.value).toMatch(/^America\/New_York \(UTC-0[45]:00\)$/);
  });
});
