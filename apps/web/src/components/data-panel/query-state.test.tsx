import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { QueryState } from './query-state';

/** A panel over a real TanStack query whose answers come from `answers`, one per fetch (an Error rejects). */
function Panel({ name, answers }: { name: string; answers: (string[] | Error)[] }) {
  const query = useQuery({
    queryKey: ['query-state-test', name],
    queryFn: async () => {
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next ?? [];
    },
    retry: false,
  });
  return (
    <QueryState
      query={query}
      skeleton={{ lines: 2, label: 'Loading names' }}
      failure="The names could not be loaded."
      isEmpty={(names) => names.length === 0}
      empty={{ title: 'No names yet.', hint: 'Add one with Create.' }}
    >
      {(names) => <p>{names.join(', ')}</p>}
    </QueryState>
  );
}

describe('QueryState', () => {
  it('shows a skeleton while loading, then the content', async () => {
    renderWithProviders(<Panel name="content" answers={[['Ada', 'Bo']]} />);
    expect(screen.getByRole('progressbar', { name: 'Loading names' })).toBeInTheDocument();
    expect(await screen.findByText('Ada, Bo')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the failure with Retry, and Retry asks again and shows what comes', async () => {
    renderWithProviders(<Panel name="failure" answers={[new Error('down'), ['Ada']]} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The names could not be loaded.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Ada')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('says what to do when there is nothing', async () => {
    renderWithProviders(<Panel name="empty" answers={[[]]} />);
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('No names yet.');
    expect(status).toHaveTextContent('Add one with Create.');
  });
});
