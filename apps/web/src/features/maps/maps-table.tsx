import type { ColumnDef } from '@tanstack/react-table';
import { Table } from '../../components/table/table';
import { sortableIds, useTableUrlState } from '../../components/table/table-url-state';
import type { MapRecord } from '../../lib/api/records';
import { IdText } from '../../components/id-text';

export const mapColumns: ColumnDef<MapRecord, string>[] = [
  { id: 'name', accessorKey: 'name', header: 'Name', cell: (c) => <span className="font-medium text-white">{c.getValue()}</span> },
  { id: 'mapPath', accessorKey: 'mapPath', header: 'Map Path', cell: (c) => <code className="text-xs text-slate-200">{c.getValue()}</code> },
  { id: 'id', accessorKey: 'id', header: 'Id', cell: (c) => <IdText id={c.getValue()} /> },
];

interface Props {
  maps: readonly MapRecord[];
  loading: boolean;
  search: string;
}

export function MapsTable({ maps, loading, search }: Props) {
  const view = useTableUrlState(sortableIds(mapColumns));
  return (
    <Table
      label="Maps"
      data={maps}
      columns={mapColumns}
      getRowId={(m) => m.id}
      loading={loading}
      globalFilter={search}
      view={view}
      viewHref={(m) => `/admin/maps/${m.id}`}
      editHref={(m) => `/admin/maps/${m.id}/edit`}
      rowLabel={(m) => m.name}
    />
  );
}
