import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DataTable, type DataTableProps } from './data-table';
import type { DataTableColumn } from './types';

interface Domain {
  id: number;
  url: string;
  subs: number;
}

const columns: DataTableColumn<Domain>[] = [
  { key: 'id', title: 'ID', sortable: true, sticky: true, width: 80 },
  { key: 'url', title: 'URL', sortable: true, sticky: true, width: 200 },
  { key: 'subs', title: 'Subscribers', render: (row) => `${row.subs} subs` },
];
const rows: Domain[] = [
  { id: 1, url: 'a.com', subs: 10 },
  { id: 2, url: 'b.com', subs: 20 },
];

function setup(props: Partial<DataTableProps<Domain>> = {}) {
  const onChange = vi.fn();
  const view = renderWithProviders(
    <DataTable
      columns={columns}
      rows={rows}
      total={57}
      page={2}
      pageLength={10}
      sort={null}
      onChange={onChange}
      rowKey="id"
      {...props}
    />,
  );
  return { ...view, onChange, user: userEvent.setup() };
}

describe('DataTable', () => {
  it('keeps a nowrap column on one line and lets a minWidth column grow from its minimum', () => {
    setup({
      columns: [
        { key: 'id', title: 'ID', nowrap: true, width: 80 },
        { key: 'url', title: 'URL', minWidth: 220 },
        { key: 'subs', title: 'Subscribers' },
      ],
    });
    const id = screen.getByRole('cell', { name: '1' });
    expect(id.style.whiteSpace).toBe('nowrap');
    const url = screen.getByRole('cell', { name: 'a.com' });
    expect(url.style.minWidth).toBe('220px');
    expect(url.style.maxWidth).toBe('');
    expect(url.style.whiteSpace).toBe('');
  });

  it('renders rows, rendered cells and the shown range', () => {
    setup();
    expect(screen.getByRole('cell', { name: 'a.com' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '20 subs' })).toBeInTheDocument();
    expect(screen.getByText('11–20 of 57')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps the height of a page while loading: the text and grey rows up to five', () => {
    setup({ loading: true, loadingText: 'Loading domains...' });
    const body = screen.getByRole('table').querySelector('tbody')!;
    expect(body.querySelectorAll('tr')).toHaveLength(5);
    expect(body.querySelectorAll('tr[aria-hidden="true"] .mantine-Skeleton-root')).toHaveLength(4);
  });

  it('shows a failed list with its message and Retry instead of rows; Retry asks again', async () => {
    const onRetry = vi.fn();
    const { user } = setup({
      rows: [],
      error: new Error('network'),
      errorText: 'The domains could not be loaded.',
      onRetry,
    });
    expect(screen.getByRole('alert')).toHaveTextContent('The domains could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('keeps the first column in view when scrolling sideways, if no column is sticky', () => {
    setup({
      columns: [
        { key: 'url', title: 'URL' },
        { key: 'subs', title: 'Subscribers' },
      ],
    });
    const [url, subs] = screen.getAllByRole('columnheader');
    expect(url).toHaveStyle({ position: 'sticky', left: '0px' });
    expect(url!.style.maxWidth).toBe('');
    expect(subs!.style.position).toBe('');
  });

  it('shows the loading text instead of rows, and the empty text with no rows', () => {
    const { rerender } = setup({ loading: true, loadingText: 'Loading domains...' });
    expect(screen.getByText('Loading domains...')).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'a.com' })).not.toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');

    rerender(
      <DataTable
        columns={columns}
        rows={[]}
        total={0}
        page={1}
        pageLength={10}
        sort={null}
        onChange={() => {}}
        rowKey="id"
        emptyText="No domains yet."
      />,
    );
    expect(screen.getByText('No domains yet.')).toBeInTheDocument();
  });

  it('asks for another page and another page size (back to page 1)', async () => {
    const { onChange, user } = setup({ sort: { field: 'url', dir: 'desc' } });
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 3, pageLength: 10, sort: { field: 'url', dir: 'desc' } });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 3, pageLength: 10, sort: { field: 'url', dir: 'desc' } });

    const size = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', '50']);
    await user.selectOptions(size, '25');
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, pageLength: 25, sort: { field: 'url', dir: 'desc' } });
  });

  it('sorts ascending on the first click and flips on the next, with aria-sort', async () => {
    const { onChange, user, rerender } = setup();
    const idHeader = screen.getByRole('columnheader', { name: 'ID' });
    expect(idHeader).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Subscribers' })).not.toHaveAttribute('aria-sort');
    await user.click(within(idHeader).getByRole('button'));
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, pageLength: 10, sort: { field: 'id', dir: 'asc' } });

    rerender(
      <DataTable
        columns={columns}
        rows={rows}
        total={57}
        page={1}
        pageLength={10}
        sort={{ field: 'id', dir: 'asc' }}
        onChange={onChange}
        rowKey="id"
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'ID' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'ID' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, pageLength: 10, sort: { field: 'id', dir: 'desc' } });
  });

  it('keeps the first columns sticky with left offsets from the widths', () => {
    setup();
    const [id, url, subs] = screen.getAllByRole('columnheader');
    expect(id).toHaveStyle({ position: 'sticky', left: '0px', width: '80px' });
    expect(url).toHaveStyle({ position: 'sticky', left: '80px' });
    expect(subs).not.toHaveStyle({ position: 'sticky' });
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells[1]).toHaveStyle({ position: 'sticky', left: '80px' });
  });

  it('shows and hides row details', async () => {
    const { user } = setup({ renderExpanded: (row) => `Details of ${row.url}` });
    const [first] = screen.getAllByRole('button', { name: 'Show details' });
    // The control column is sticky too, so the data columns shift right by its width.
    expect(screen.getByRole('columnheader', { name: 'URL' })).toHaveStyle({ left: '124px' });
    await user.click(first!);
    expect(screen.getByText('Details of a.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Hide details' }));
    expect(screen.queryByText('Details of a.com')).not.toBeInTheDocument();
  });

  it('selects rows, the page, and all rows across pages', async () => {
    const onSelectionChange = vi.fn();
    const { user, rerender } = setup({
      selection: { ids: [], all: false },
      onSelectionChange,
      selectAllAcrossPages: true,
    });
    await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith({ ids: [2], all: false });
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith({ ids: [1, 2], all: false });
    expect(screen.queryByRole('button', { name: 'Select all 57' })).not.toBeInTheDocument();

    const table = (selection: { ids: number[]; all: boolean }) => (
      <DataTable
        columns={columns}
        rows={rows}
        total={57}
        page={2}
        pageLength={10}
        sort={null}
        onChange={() => {}}
        rowKey="id"
        selection={selection}
        onSelectionChange={onSelectionChange}
        selectAllAcrossPages
      />
    );
    rerender(table({ ids: [1, 2], all: false }));
    expect(screen.getByText('All 2 rows on this page are selected.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select all 57' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith({ ids: [1, 2], all: true });

    rerender(table({ ids: [1, 2], all: true }));
    expect(screen.getByText('All 57 rows are selected.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith({ ids: [2], all: false });
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith({ ids: [], all: false });
  });
});
