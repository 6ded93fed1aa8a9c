import { MSG } from '@pushdeck/contracts';
import { useRef, useState } from 'react';
import type { TableSelection } from '@/components/data-table/types';
import { confirmAction } from '@/components/dialogs/confirm';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { api, errorMessage } from '@/lib/api';
import { startServerExport } from '@/lib/exports/server-export';
import {
  deleteManaged,
  deleteManagedMany,
  fetchAllManaged,
  filterQuery,
  type ManagedDrip,
  type ManagerFilters,
} from '../api/drip-tools-api';

interface Listed {
  filters: ManagerFilters;
  orderBy: string;
  rows: ManagedDrip[];
  total: number | undefined;
  selection: TableSelection;
  /** After a delete: clears the selection and reloads (the previous page when this one empties). */
  afterDelete: (removed: number) => void;
}

/** The server's messages_list export of the filters, in the given order (issue #14: no CSV is built here). */
const exportMessages = (filters: ManagerFilters, orderBy: string) =>
  startServerExport(() =>
    api.post<unknown>('/v1/files/generateUnitFile', {
      query: { type: 'messages_list' },
      body: { type: filters.type, query: { ...filterQuery(filters), order_by: orderBy } },
    }),
  );

/** Drip Manager's deletes and CSV downloads. */
export function useManagerActions({ filters, orderBy, rows, total, selection, afterDelete }: Listed) {
  const [busy, setBusy] = useState<'delete' | 'csv' | 'all' | null>(null);
  // The website of every row seen on any page: deleteArray takes ids per website.
  const seen = useRef(new Map<number, number>());
  for (const row of rows)
    if (row.id !== undefined && row.domain_id !== undefined) seen.current.set(row.id, row.domain_id);

  const guarded = async (kind: NonNullable<typeof busy>, work: () => Promise<void>) => {
    if (busy) return;
    setBusy(kind);
    try {
      await work();
    } catch (error) {
      notifyFailure(errorMessage(error, MSG.error));
    } finally {
      setBusy(null);
    }
  };

  const deleteOne = async (row: ManagedDrip) => {
    if (!(await confirmAction({ text: `You will delete “${row.title ?? ''}”.`, confirmLabel: 'Delete', danger: true })))
      return;
    await guarded('delete', async () => {
      await deleteManaged(row.id!);
      notifySuccess(MSG.successfully);
      afterDelete(1);
    });
  };

  const selectedCount = selection.all ? (total ?? 0) : selection.ids.length;
  const deleteSelected = async () => {
    if (selectedCount === 0) return;
    const text = `You will delete ${selectedCount} ${selectedCount === 1 ? 'drip' : 'drips'}.`;
    if (!(await confirmAction({ text, confirmLabel: 'Delete', danger: true }))) return;
    await guarded('delete', async () => {
      const targets = selection.all
        ? (await fetchAllManaged(filters, orderBy, 'id,domain_id', Number.MAX_SAFE_INTEGER)).map((d) => ({
            id: d.id!,
            domain_id: d.domain_id!,
          }))
        : selection.ids.map((id) => ({ id: Number(id), domain_id: seen.current.get(Number(id))! }));
      await deleteManagedMany(targets);
      notifySuccess(MSG.successfully);
      afterDelete(targets.length);
    });
  };

  // both downloads are written by the server's export job (messages_list) and open when ready:
  // the table's filters in the table's order, or every drip of the filters newest first
  const downloadTable = () =>
    guarded('csv', async () => {
      if (rows.length === 0) return void notifyFailure(MSG.noDataToDownload);
      await exportMessages(filters, orderBy);
    });

  const downloadAll = () =>
    guarded('all', async () => {
      if (total === 0) return void notifyFailure(MSG.noDataToDownload);
      await exportMessages(filters, 'created_at:desc');
    });

  return { busy, selectedCount, deleteOne, deleteSelected, downloadTable, downloadAll };
}
