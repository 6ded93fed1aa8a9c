import type { ManagedClient } from '@pushdeck/contracts';
import type { DataTableColumn } from '@/components/data-table/types';
import { ClientActiveCell } from './client-active-cell';
import { ClientDeleteCell } from './client-delete-cell';
import { ClientNameCell } from './client-name-cell';
import { ClientPlanCell } from './client-plan-cell';
import { ClientStorageCell } from './client-storage-cell';

export const CLIENT_COLUMNS: DataTableColumn<ManagedClient>[] = [
  { key: 'id', title: 'ID', sortable: true, width: 80, nowrap: true },
  { key: 'name', title: 'Name', sortable: true, minWidth: 200, render: (row) => <ClientNameCell client={row} /> },
  { key: 'client_uid', title: 'Client UID', sortable: true, minWidth: 160, nowrap: true },
  { key: 'users', title: 'Users', width: 90, align: 'right', render: (row) => row.users?.length ?? 0 },
  {
    key: 'is_active',
    title: 'Active',
    sortable: true,
    width: 120,
    render: (row) => <ClientActiveCell client={row} />,
  },
  { key: 'plan', title: 'Plan', width: 170, render: (row) => <ClientPlanCell client={row} /> },
  { key: 'images_storage', title: 'Image storage', width: 130, render: (row) => <ClientStorageCell client={row} /> },
  { key: 'delete', title: 'Delete', width: 80, align: 'center', render: (row) => <ClientDeleteCell client={row} /> },
];
