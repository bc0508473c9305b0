import { Table, type TableColumns } from '../../components/table/table';
import { sortableIds, useTableUrlState } from '../../components/table/table-url-state';
import type { DimensionRecord } from '../../lib/api/records';
import { IdText } from '../../components/id-text';

const columns: TableColumns<DimensionRecord> = [
  { id: 'name', accessorKey: 'name', header: 'Name', cell: (c) => <span className="font-medium text-white">{c.getValue<string>()}</span> },
  { id: 'location', accessorKey: 'location', header: 'Location' },
  { id: 'version', accessorKey: 'version', header: 'Version', cell: (c) => `v${c.getValue<string>()}` },
  { id: 'maps', accessorFn: (d) => d.mapIds.length, header: 'Maps' },
  { id: 'id', accessorKey: 'id', header: 'Id', cell: (c) => <IdText id={c.getValue<string>()} /> },
];

export function DimensionsTable({ dimensions, loading, search }: { dimensions: readonly DimensionRecord[]; loading: boolean; search: string }) {
  const view = useTableUrlState(sortableIds(columns));
  return (
    <Table
      label="Dimensions"
      data={dimensions}
      columns={columns}
      getRowId={(d) => d.id}
      loading={loading}
      globalFilter={search}
      view={view}
      viewHref={(d) => `/admin/dimensions/${d.id}`}
      editHref={(d) => `/admin/dimensions/${d.id}/edit`}
      rowLabel={(d) => d.name}
    />
  );
}
