import type { UserInfo } from '@pushdeck/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { csrfCookieResponse, jsonResponse, type StubbedCall, stubFetch } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { CopyWizard } from './copy-wizard';
import { COPY_JOB_KEY } from './use-copy-job';

const NOW = '2026-01-01T00:00:00.000Z';
const CLIENT: UserInfo = {
  id: 3,
  name: 'Casey Client',
  email: 'client@pushdeck.test',
  roles: [{ name: 'client', permissions: ['menu.tools', 'menu.tools.copy2', 'menu.tools.recurring_migration'] }],
  permissions: [],
  client_uid: 'acme',
  client_id: 2,
  backToModerUrl: null,
} as unknown as UserInfo;
const DOMAINS = [
  { id: 3, url: 'https://shop.acme.test', is_active: 1, domain_tags: [{ id: 1, name: 'Ukraine', type: 'geo' }] },
  { id: 4, url: 'https://blog.acme.test', is_active: 0, domain_tags: [] },
];
const DRIP = {
  ...{ id: 11, domain_id: 3, group_id: null, drip_number: 1, type: 'recurring', title: 'Morning', body: 'Deals' },
  ...{ url: 'https://shop.acme.test/', icon: null, event: null, customization: {}, meta: {}, is_active: 1 },
  ...{ created_at: NOW, updated_at: NOW, schedules: [] as unknown[] },
};
const SEGMENTS = [
  ...[7, 8].map((id) => ({
    ...{ id, domain_id: 3, name: id === 7 ? 'English' : 'Deals', type: 'audience', is_system: 0 },
    ...{ query: { filters: [] }, created_at: NOW, updated_at: NOW },
  })),
];

const SCHEDULE = {
  ...{ id: 21, domain_id: 3, drip_id: 11, group_id: null, name: null, type: 'recurring', frequency: 'daily' },
  ...{ time: '09:00:00', timezone: 'UTC', date_start: '2026-01-01', date_end: '2099-01-01', days_of_week: 'monday' },
  ...{ from_when: 'subscription', after_days: 0, after_hours: 0, after_mins: 0, choose_time: null, is_active: 1 },
  ...{ last_disp_date: null, next_disp_date: null, created_at: NOW, updated_at: NOW, audiences: [SEGMENTS[0]] },
};

function setup(
  mode: 'copy' | 'copy2' | 'migration',
  jobStatuses: string[] = [],
  answers: { schedule?: typeof SCHEDULE; migration?: () => Response } = {},
) {
  const network = stubFetch((call: StubbedCall) => {
    if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
    if (call.path === '/api/v1/domains/get') return jsonResponse(200, { data: DOMAINS });
    if (call.path === '/api/v1/drips/recurring/get')
      return jsonResponse(200, { data: [{ ...DRIP, schedules: [answers.schedule ?? SCHEDULE] }] });
    if (call.path === '/api/v1/segments/exists') return jsonResponse(200, { data: { exists: true, id: 40 } });
    if (call.path === '/api/v1/tools/recurring-migration' && answers.migration) return answers.migration();
    if (call.path === '/api/v1/drips/welcome/get') return jsonResponse(200, { data: [] });
    if (call.path === '/api/v1/segments/get') return jsonResponse(200, { data: SEGMENTS });
    if (call.path === '/api/v1/tools/copy-tools/recurring')
      return jsonResponse(200, { job_id: 'job-1', status: 'queued' });
    if (call.path === '/api/v1/tools/recurring-migration') return jsonResponse(200, { data: {} });
    // a write that succeeds with 201: the first version requires 200
    if (call.path === '/api/v1/drips/recurring/createOrUpdate') return jsonResponse(201, { data: [] });
    if (call.path === '/api/v1/tools/job-status') {
      const status = jobStatuses.shift() ?? 'completed';
      const job = {
        job_id: 'job-1',
        status,
        progress: { done: 1, total: 1 },
        reason: status === 'failed' ? 'Website 4: gone' : null,
      };
      const targets = [{ domain_id: 4, created: 1, existing: 2, audiences_created: 0, groups_created: 0 }];
      return jsonResponse(200, { jobs: [{ ...job, targets, created_at: NOW, finished_at: null }] });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  renderWithProviders(<CopyWizard mode={mode} />, { user: CLIENT });
  return network;
}

async function choose(user: ReturnType<typeof userEvent.setup>, multiple = true) {
  await user.click(await screen.findByRole('radio', { name: 'Step 1: Source domain: https://shop.acme.test' }));
  const target = `Step 2: Target domains: https://blog.acme.test`;
  await user.click(await screen.findByRole(multiple ? 'checkbox' : 'radio', { name: target }));
  await user.click(screen.getByRole('checkbox', { name: 'Recurring Drips' }));
  await user.click(await screen.findByRole('checkbox', { name: /Step 4.1: Recurring drips: 11 Morning/ }));
}

describe('Copy Tools wizard', () => {
  afterEach(() => {
    vi.useRealTimers();
    window.localStorage.clear();
  });

  it('warns in the order of the spec and lists tags, status and the chosen counter', async () => {
    setup('copy');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Apply copy settings' }));
    expect(await screen.findByText('Select domain(s) to obtain items from!')).toBeInTheDocument();
    const sources = await screen.findByRole('table', { name: 'Step 1: Source domain' });
    expect(within(sources).getByText('Inactive')).toBeInTheDocument();
    await user.click(within(sources).getByRole('button', { name: 'Ukraine' }));
    expect(screen.getByRole('textbox', { name: 'Search Step 1: Source domain' })).toHaveValue('Ukraine');
    await user.click(within(sources).getByRole('radio', { name: /shop/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Recurring Drips' }));
    await user.click(screen.getByRole('button', { name: 'Apply copy settings' }));
    expect(await screen.findByText('Select domain(s) to obtain items from and to copy to!')).toBeInTheDocument();
  }, 15_000);

  it('starts a Copy Tools 2.0 job, keeps its id while polling and says Copied! when it completes', async () => {
    const network = setup('copy2', ['queued']);
    const user = userEvent.setup();
    await choose(user);
    await user.click(screen.getByRole('button', { name: 'Apply copy settings' }));
    await screen.findByText(/Copying…/);
    expect(window.localStorage.getItem(COPY_JOB_KEY)).toBe('job-1');
    const form = network.calls.find((c) => c.path === '/api/v1/tools/copy-tools/recurring')!.body as FormData;
    expect(Object.fromEntries(form.entries())).toMatchObject({
      source_domain_id: '3',
      target_domain_ids: '4',
      drip_ids: '11',
    });
    expect(await screen.findByText('Copied!', {}, { timeout: 9000 })).toBeInTheDocument();
    expect(window.localStorage.getItem(COPY_JOB_KEY)).toBeNull();
    expect(screen.getByText('https://blog.acme.test: 1 copied, 2 copied before')).toBeInTheDocument();
  }, 15_000);

  it('resumes a stored job after a reload and reports a failed one', async () => {
    window.localStorage.setItem(COPY_JOB_KEY, 'job-1');
    setup('copy2', ['failed']);
    expect(await screen.findByText('Job has been failed. Website 4: gone')).toBeInTheDocument();
    expect(window.localStorage.getItem(COPY_JOB_KEY)).toBeNull();
  });

  it("enables 'Create Schedule' once everything is chosen and requires every field of the dialog", async () => {
    setup('migration');
    const user = userEvent.setup();
    const create = await screen.findByRole('button', { name: 'Create Schedule' });
    expect(create).toBeDisabled();
    await choose(user, false);
    expect(create).toBeEnabled();
    await user.click(create);
    const dialog = await screen.findByRole('dialog', { name: 'Spam Schedule' });
    // every day of the week ('All'), daily and UTC are the defaults (part 2 §9); the other six fields are required
    expect(within(dialog).getByText('All')).toBeInTheDocument();
    expect(within(dialog).getAllByLabelText(/^Frequency/)[0]).toHaveValue('Daily');
    await user.click(within(dialog).getByRole('button', { name: 'Create Schedule' }));
    expect(within(dialog).getAllByText('Required field.').length).toBe(6);
  }, 15_000);

  it("migrates with the six days left after taking one away from 'Select All'", async () => {
    const network = setup('migration');
    const user = userEvent.setup();
    await choose(user, false);
    await user.click(screen.getByRole('button', { name: 'Create Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Spam Schedule' });
    const days = within(dialog).getByRole('combobox', { name: 'Days of The Week' });
    // take Tuesday away, then Select All: all seven again
    await user.click(days);
    await user.click(await screen.findByRole('option', { name: 'Tuesday' }));
    expect(within(dialog).queryByText('All')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Select All' }));
    expect(within(dialog).getByText('All')).toBeInTheDocument();
    // taking Wednesday away leaves the other six
    await user.click(await screen.findByRole('option', { name: 'Wednesday' }));
    expect(within(dialog).queryByText('All')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Burst' } });
    fireEvent.change(within(dialog).getByLabelText(/^Duration/), { target: { value: '00:30:00' } });
    fireEvent.change(within(dialog).getByLabelText(/^Date Start/), { target: { value: '2026-02-01' } });
    fireEvent.change(within(dialog).getByLabelText(/^Time Start/), { target: { value: '08:00:00' } });
    fireEvent.change(within(dialog).getByLabelText(/^Date End/), { target: { value: '2026-03-01' } });
    fireEvent.change(within(dialog).getByLabelText(/^Time End/), { target: { value: '20:00:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create Schedule' }));
    await waitFor(() => expect(network.calls.some((c) => c.path === '/api/v1/tools/recurring-migration')).toBe(true));
    const body = network.calls.find((c) => c.path === '/api/v1/tools/recurring-migration')!.body;
    expect(body).toMatchObject({
      days_of_week: 'monday tuesday thursday friday saturday sunday',
      frequency: 'daily',
      timezone: 'UTC',
      date_start: '2026-02-01 08:00:00',
      drip_ids: [11],
      target_domain_id: 4,
    });
  }, 20_000);

  it('filters step 4.1 by audiences and send time (whereRelation) and lists welcome drips by group', async () => {
    const network = setup('copy');
    const user = userEvent.setup();
    await choose(user);
    await user.click(screen.getByRole('checkbox', { name: 'Welcome Drips' }));
    const recurringCalls = () => network.calls.filter((c) => c.path === '/api/v1/drips/recurring/get');
    const last = () => recurringCalls().at(-1)!.url.searchParams;
    expect(last().get('whereRelation[schedules][type]')).toBe('recurring');
    expect(last().has('whereRelation[schedules][time]')).toBe(false);
    expect(last().has('whereRelation[schedules.audiences][id][]')).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Audience filter' }));
    await user.click(await screen.findByRole('option', { name: '8 Deals' }));
    await waitFor(() => expect(last().getAll('whereRelation[schedules.audiences][id][]')).toEqual(['8']));
    // a changed filter reloads the list and drops the selection made on the old one
    expect(screen.getByRole('checkbox', { name: /Step 4.1: Recurring drips: 11 Morning/ })).not.toBeChecked();

    fireEvent.change(screen.getByLabelText('Send time'), { target: { value: '09:30:00' } });
    await waitFor(() => expect(last().get('whereRelation[schedules][time]')).toBe('09:30:00'));
    expect(last().getAll('whereRelation[schedules.audiences][id][]')).toEqual(['8']);
    expect(last().get('where[is_active]')).toBe('1');

    const welcome = network.calls.find((c) => c.path === '/api/v1/drips/welcome/get')!;
    expect(welcome.url.searchParams.get('group_by')).toBe('group_id');
    expect(welcome.url.searchParams.get('where[domain_id]')).toBe('3');
  }, 15_000);

  it("fails the first version's copy when createOrUpdate answers anything but 200", async () => {
    const network = setup('copy');
    const user = userEvent.setup();
    await choose(user);
    await user.click(screen.getByRole('button', { name: 'Apply copy settings' }));
    expect(await screen.findByText('Request failed with status 201')).toBeInTheDocument();
    expect(network.calls.filter((c) => c.path === '/api/v1/drips/recurring/createOrUpdate')).toHaveLength(1);
  }, 15_000);

  it('stops the first version before writing anything when a chosen drip has no audience, naming it', async () => {
    const network = setup('copy', [], { schedule: { ...SCHEDULE, audiences: [] } });
    const user = userEvent.setup();
    await choose(user);
    await user.click(screen.getByRole('button', { name: 'Apply copy settings' }));
    const named =
      'Drip 11 “Morning”: audiences — a recurring drip needs at least one audience. Give it one in the recurring editor, then copy again.';
    expect(await screen.findByText(named)).toBeInTheDocument();
    expect(screen.queryByText('Required.')).not.toBeInTheDocument();
    expect(network.calls.filter((c) => c.method === 'POST')).toEqual([]);
  }, 15_000);

  it("marks the dialog's field the server refused and shows its message; the dialog stays open", async () => {
    const refused = 'Fill the schedule dates properly!';
    setup('migration', [], {
      migration: () => jsonResponse(422, { message: refused, errors: { date_end: [refused] } }),
    });
    const user = userEvent.setup();
    await choose(user, false);
    await user.click(screen.getByRole('button', { name: 'Create Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Spam Schedule' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Burst' } });
    fireEvent.change(within(dialog).getByLabelText(/^Duration/), { target: { value: '00:30:00' } });
    fireEvent.change(within(dialog).getByLabelText(/^Date Start/), { target: { value: '2026-03-01' } });
    fireEvent.change(within(dialog).getByLabelText(/^Time Start/), { target: { value: '08:00:00' } });
    fireEvent.change(within(dialog).getByLabelText(/^Date End/), { target: { value: '2026-02-01' } });
    fireEvent.change(within(dialog).getByLabelText(/^Time End/), { target: { value: '20:00:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create Schedule' }));
    const dateEnd = within(dialog).getByLabelText(/^Date End/);
    await waitFor(() => expect(dateEnd).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText(refused)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Date Start/)).not.toHaveAttribute('aria-invalid', 'true');
    // the toast says it too (the notifications host renders it after the field is marked)
    await waitFor(() => expect(screen.getAllByText(refused).length).toBeGreaterThan(1));
  }, 20_000);

  it('holds each step in place with grey rows while its list loads, and retries a list that failed', async () => {
    let domains: 'wait' | 'fail' | 'ok' = 'wait';
    const answer = (call: StubbedCall) => {
      if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
      if (call.path !== '/api/v1/domains/get') return jsonResponse(200, { data: [] });
      if (domains === 'wait') return new Promise<Response>(() => {});
      return domains === 'fail'
        ? jsonResponse(500, { message: 'Domains are down.' })
        : jsonResponse(200, { data: DOMAINS });
    };
    stubFetch(answer);
    const first = renderWithProviders(<CopyWizard mode="copy" />, { user: CLIENT });
    expect(await screen.findByRole('progressbar', { name: 'Loading Step 1: Source domain' })).toBeInTheDocument();
    expect(document.querySelector('.mantine-Loader-root')).toBeNull();
    first.unmount();

    domains = 'fail';
    const network = stubFetch(answer);
    renderWithProviders(<CopyWizard mode="copy" />, { user: CLIENT });
    const [message] = await screen.findAllByText('Domains are down.');
    const alert = message?.closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('the message is not in an alert');
    domains = 'ok';
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Step 1: Source domain' })).toBeInTheDocument();
    expect(network.calls.filter((c) => c.path === '/api/v1/domains/get').length).toBeGreaterThan(1);
  });
});
