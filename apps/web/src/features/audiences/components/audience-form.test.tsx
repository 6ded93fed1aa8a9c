import { AUDIENCE_MSG } from '@pushdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler } from '@/lib/api';
import { clearXsrfCookie, jsonResponse, type StubbedCall } from '@/lib/api/testing/fetch-stub';
import { renderAudiences, segment } from '../testing/audience-fixtures';

const counts = (calls: StubbedCall[]) => calls.filter((c) => c.path === '/api/v1/segments/count');

function answer(extra?: (call: StubbedCall) => Response | undefined) {
  return (call: StubbedCall) => {
    const custom = extra?.(call);
    if (custom) return custom;
    if (call.path === '/api/v1/segments/count') {
      const filters = (call.body as { query: { filters: unknown[] } }).query.filters;
      return jsonResponse(200, { data: filters.length === 2 ? 16 : 2400, is_estimate: false });
    }
    if (call.method === 'POST' && call.path === '/api/v1/segments') {
      return jsonResponse(201, { data: segment(77, 'Desktop Chrome') });
    }
    if (call.path === '/api/v1/segments/get') return jsonResponse(200, { data: [segment(77, 'Desktop Chrome')] });
    return undefined;
  };
}

describe('Audience Create and Edit', { timeout: 20_000 }, () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('builds two conditions with a live count, then saves the query and opens the new audience', async () => {
    const { calls, user } = renderAudiences('/dashboard/5/audience-creator/create', answer());
    expect(await screen.findByRole('heading', { name: 'Create Audience' })).toBeInTheDocument();
    // one empty condition to start with: no count is asked for an incomplete query
    expect(screen.getByText('Complete the conditions to see the count.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Desktop Chrome');
    await user.type(screen.getByRole('textbox', { name: 'Value of condition 1' }), 'desktop');
    const live = screen.getByRole('status', { name: 'Live count' });
    await waitFor(() => expect(within(live).getByTestId('live-count')).toHaveTextContent('2.4k'));

    await user.click(screen.getByRole('button', { name: 'Add condition to the audience' }));
    const second = screen.getByRole('group', { name: 'Condition 2' });
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Field of condition 2' }), 'browser');
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Operator of condition 2' }), 'contains');
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Join of condition 2' }), 'or');
    await user.type(within(second).getByRole('textbox', { name: 'Value of condition 2' }), 'Chrome');
    await waitFor(() => expect(within(live).getByTestId('live-count')).toHaveTextContent('16'));
    const query = {
      filters: [
        { device: { type: 'and', operator: '=', buildtype: 'string', values: ['desktop'] } },
        { browser: { type: 'or', operator: 'contains', buildtype: 'string', values: ['Chrome'] } },
      ],
    };
    // debounced: typing 'Chrome' asked once for the finished text, never for the letters in between
    expect(counts(calls).map((c) => c.body)).toEqual([
      { domain_id: 5, query: { filters: [query.filters[0]] } },
      { domain_id: 5, query },
    ]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully!')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/v1/segments')!;
    expect(post.body).toEqual({ name: 'Desktop Chrome', type: 'audience', query, domain_id: 5 });
    // the new audience opens at once: no filled form left to save a second time
    expect(await screen.findByRole('heading', { name: 'Desktop Chrome' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Audience Creator' })).toHaveAttribute(
      'href',
      '/dashboard/5/audience-creator',
    );
  });

  it('opens a new segment in Manual Segmentation, where segments are listed, even when started from Audience Creator', async () => {
    const saved = segment(78, 'Hand picked', { type: 'segment' });
    const { user } = renderAudiences(
      '/dashboard/5/audience-creator/create',
      answer((call) => {
        if (call.method === 'POST' && call.path === '/api/v1/segments') return jsonResponse(201, { data: saved });
        if (call.path === '/api/v1/segments/get') return jsonResponse(200, { data: [saved] });
        return undefined;
      }),
    );
    await screen.findByRole('heading', { name: 'Create Audience' });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Hand picked');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'segment');
    await user.type(screen.getByRole('textbox', { name: 'Value of condition 1' }), 'desktop');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Hand picked' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Manual Segmentation' })).toHaveAttribute(
      'href',
      '/dashboard/5/manual-segmentation',
    );
  });

  it('checks the form with the contract before any call, at the fields', async () => {
    const { calls, user } = renderAudiences('/dashboard/5/audience-creator/create', answer());
    await screen.findByRole('heading', { name: 'Create Audience' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Field of condition 1' }), 'last_drip_number');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Operator of condition 1' }), 'between');
    await user.type(screen.getByRole('textbox', { name: 'From value of condition 1' }), '9');
    await user.type(screen.getByRole('textbox', { name: 'To value of condition 1' }), '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Fill the required fields out!')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Required.');
    const condition = screen.getByRole('group', { name: 'Condition 1' });
    expect(within(condition).getByText(AUDIENCE_MSG.betweenOrder)).toBeInTheDocument();
    expect(within(condition).getByRole('textbox', { name: 'To value of condition 1' })).toHaveAccessibleDescription(
      AUDIENCE_MSG.betweenOrder,
    );
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/segments')).toHaveLength(0);
  });

  it("shows 'Required.' under the empty value input itself, not under another one", async () => {
    const { calls, user } = renderAudiences('/dashboard/5/audience-creator/create', answer());
    await screen.findByRole('heading', { name: 'Create Audience' });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ranges');
    await user.click(screen.getByRole('button', { name: 'Add condition to the audience' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Field of condition 2' }), 'last_drip_number');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Operator of condition 2' }), 'between');
    await user.type(screen.getByRole('textbox', { name: 'From value of condition 2' }), '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Fill the required fields out!')).length).toBeGreaterThan(0);

    const first = screen.getByRole('textbox', { name: 'Value of condition 1' });
    const from = screen.getByRole('textbox', { name: 'From value of condition 2' });
    const to = screen.getByRole('textbox', { name: 'To value of condition 2' });
    expect(first).toHaveAccessibleDescription('Required.');
    expect(first).toBeInvalid();
    expect(to).toHaveAccessibleDescription('Required.');
    expect(to).toBeInvalid();
    // the filled one is neither marked nor described
    expect(from).toHaveAccessibleDescription('');
    expect(from).toBeValid();
    // each message sits in its own input's field, nowhere else in the condition
    for (const input of [first, to]) {
      const field = input.closest('.mantine-InputWrapper-root') as HTMLElement;
      expect(within(field).getByText('Required.')).toBeInTheDocument();
    }
    const second = screen.getByRole('group', { name: 'Condition 2' });
    expect(within(second).getAllByText('Required.')).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/segments')).toHaveLength(0);
  });

  it("shows the server's 422 messages at the name and at the condition they name", async () => {
    const uninstall = setSessionExpiredHandler(() => undefined);
    const { user } = renderAudiences(
      '/dashboard/5/audience-creator/create',
      answer((call) =>
        call.method === 'POST' && call.path === '/api/v1/segments'
          ? jsonResponse(422, {
              message: 'The name is taken.',
              errors: {
                name: ['The name is taken.'],
                'query.filters.0.group.filters.0.language.values.0': ['Values must be valid text.'],
              },
            })
          : undefined,
      ),
    );
    await screen.findByRole('heading', { name: 'Create Audience' });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Taken');
    await user.click(screen.getByRole('button', { name: 'Remove condition 1' }));
    expect(screen.getByText(/No conditions: the audience holds every subscriber/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add group to the audience' }));
    const group = screen.getByRole('group', { name: 'Group 1' });
    await user.selectOptions(within(group).getByRole('combobox', { name: 'Field of condition 1.1' }), 'language');
    await user.type(within(group).getByRole('textbox', { name: 'Value of condition 1.1' }), 'fr-FR');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Values must be valid text.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Condition 1.1' })).getByText('Values must be valid text.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Value of condition 1.1' })).toHaveAccessibleDescription(
      'Values must be valid text.',
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('The name is taken.');
    uninstall();
  });

  it('edits a stored audience: its query in the builder, saved with PUT; the server refusal shown', async () => {
    const uninstall = setSessionExpiredHandler(() => undefined);
    const stored = {
      id: 12,
      name: 'Old <i>name</i>',
      type: 'audience',
      query: {
        filters: [
          { os: { type: 'and', operator: 'in', values: ['iOS', 'Android'] } },
          { created_at: { type: 'and', operator: '>', values: ['2024-01-01'] } },
        ],
      },
    };
    const { calls, user } = renderAudiences(
      '/dashboard/5/audience-creator/edit/12',
      answer((call) => {
        if (call.path === '/api/v1/segments/get_js_seg/12') return jsonResponse(200, { data: stored });
        if (call.method === 'PUT')
          return jsonResponse(403, { message: 'System audiences cannot be edited or deleted.' });
        return undefined;
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Edit Audience' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Old <i>name</i>')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Operator of condition 1' })).toHaveValue('in');
    expect(screen.getByLabelText('Value of condition 2')).toHaveValue('2024-01-01');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const refusal = await screen.findByText('System audiences cannot be edited or deleted.');
    expect(refusal.closest('[role="alert"]')).not.toBeNull();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/v1/segments/12');
    expect(put.body).toEqual({
      name: 'Old <i>name</i>',
      type: 'audience',
      query: {
        filters: [
          { os: { type: 'and', operator: 'in', buildtype: 'string', values: ['iOS', 'Android'] } },
          { created_at: { type: 'and', operator: '>', buildtype: 'date', values: ['2024-01-01'] } },
        ],
      },
    });
    uninstall();
  });

  it('holds the form in place with grey bars while the audience loads, then retries a failed load', async () => {
    let state: 'wait' | 'fail' | 'ok' = 'wait';
    const stored = { id: 12, name: 'Loaded audience', type: 'audience', query: { filters: [] } };
    const first = renderAudiences('/dashboard/5/audience-creator/edit/12', (call) => {
      if (call.path !== '/api/v1/segments/get_js_seg/12') return undefined;
      if (state === 'wait') return new Promise<Response>(() => {});
      return state === 'fail'
        ? jsonResponse(500, { message: 'Audiences are down.' })
        : jsonResponse(200, { data: stored });
    });
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(document.querySelector('.mantine-Loader-root')).toBeNull();
    first.unmount();
    vi.unstubAllGlobals();

    state = 'fail';
    const { user } = renderAudiences('/dashboard/5/audience-creator/edit/12', (call) => {
      if (call.path !== '/api/v1/segments/get_js_seg/12') return undefined;
      return state === 'fail'
        ? jsonResponse(500, { message: 'Audiences are down.' })
        : jsonResponse(200, { data: stored });
    });
    const alert = (await screen.findByText('Audiences are down.')).closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('the message is not in an alert');
    state = 'ok';
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByDisplayValue('Loaded audience')).toBeInTheDocument();
  });
});
