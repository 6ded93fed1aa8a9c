import { MSG, type SubscriberListRow, type SubscriberPage } from '@pushdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DataTableColumn } from '@/components/data-table/types';
import { useListParams } from '@/components/data-table/use-list-params';
import { renderWithProviders } from '@/test/render';
import { subscriber } from '../testing/audience-fixtures';
import { SubscriberTable } from './subscriber-table';

const COLUMNS: DataTableColumn<SubscriberListRow>[] = [
  { key: 'id', title: 'Id' },
  { key: 'subscribable_id', title: 'Subscribable Id' },
];

type Load = (page: number) => Promise<SubscriberPage>;

const rows = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => subscriber(from - i) as unknown as SubscriberListRow);

function Harness({ load, counted = 'list' }: { load: Load; counted?: 'list' | 'segment' }) {
  const list = useListParams();
  const page = useQuery({ queryKey: ['subscribers', list.page], queryFn: () => load(list.page), retry: false });
  const { search } = useLocation();
  return (
    <>
      <SubscriberTable page={page} list={list} columns={COLUMNS} counted={counted} emptyText="Nobody here." />
      <p data-testid="search">{search}</p>
    </>
  );
}

describe('SubscriberTable', () => {
  it('shows a page of subscribers and pages through the URL', async () => {
    const load: Load = async (p) => ({
      data: rows(123 - (p - 1) * 10, p === 3 ? 3 : 10),
      total: 23,
      total_is_estimate: false,
      page: p,
      pageLength: 10,
    });
    renderWithProviders(<Harness load={load} />);
    expect(await screen.findByText('sub-123')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Subscribers' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();
    expect(screen.queryByText(/The total is an estimate/)).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('sub-101')).toBeInTheDocument();
    expect(screen.getByTestId('search')).toHaveTextContent('page=3');
  });

  it('says when the total is an estimate, naming what is too large', async () => {
    const load: Load = async () => ({
      data: rows(5, 1),
      total: 2_000_000,
      total_is_estimate: true,
      page: 1,
      pageLength: 10,
    });
    renderWithProviders(<Harness load={load} counted="segment" />);
    expect(
      await screen.findByText('The total is an estimate: the segment is too large to count within the time limit.'),
    ).toBeInTheDocument();
  });

  it('shows the empty text when there is nobody', async () => {
    renderWithProviders(
      <Harness load={async () => ({ data: [], total: 0, total_is_estimate: false, page: 1, pageLength: 10 })} />,
    );
    expect(await screen.findByText('Nobody here.')).toBeInTheDocument();
  });

  it('shows a failed load as an alert with the general message', async () => {
    renderWithProviders(
      <Harness
        load={async () => {
          throw new Error('The database is away.');
        }}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.error);
  });
});
