import { ListPage } from '../../components/list-page';
import { useMaps } from '../../lib/api/maps';
import { MapsTable } from './maps-table';

export default function MapsListPage() {
  const maps = useMaps();
  return (
    <ListPage
      title="Maps"
      description="Game maps that dimensions are built from."
      create={{ label: 'New Map', to: '/admin/maps/new', emptyLabel: 'Create a new map' }}
      list={{ what: 'maps', query: maps }}
    >
      {(search) => <MapsTable maps={maps.data ?? []} loading={maps.isPending} search={search} />}
    </ListPage>
  );
}
