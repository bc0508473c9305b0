import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Table } from '../../components/table/table';
import { useMaps } from '../../lib/api/maps';
import type { MapRecord } from '../../lib/api/records';
import { IdText } from '../../components/id-text';

const columns: ColumnDef<MapRecord, string>[] = [
  { id: 'name', accessorKey: 'name', header: 'Name' },
  { id: 'mapPath', accessorKey: 'mapPath', header: 'Map Path', cell: (c) => <code className="text-xs">{c.getValue()}</code> },
  { id: 'id', accessorKey: 'id', header: 'Id', cell: (c) => <IdText id={c.getValue()} /> },
];

/** Read-only: the maps a dimension runs (edit them through the dimension's form). */
export function DimensionMapsTable({ mapIds, search }: { mapIds: readonly string[]; search: string }) {
  const maps = useMaps();
  const rows = useMemo(() => {
    const byId = new Map((maps.data ?? []).map((m) => [m.id, m]));
    // A map deleted since stays listed by id, so the dimension's list is never silently shorter.
    return mapIds.map((id) => byId.get(id) ?? { id, name: `Unknown (${id})`, mapPath: '' });
  }, [maps.data, mapIds]);
  return (
    <Table
      label="Maps of this dimension"
      data={rows}
      columns={columns}
      getRowId={(m) => m.id}
      loading={maps.isPending}
      globalFilter={search}
      emptyMessage="This dimension has no maps."
    />
  );
}
