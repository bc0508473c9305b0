import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { ListLoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { useTableSearch } from '../../components/table/global-search';
import { useMaps } from '../../lib/api/maps';
import { MapsTable } from './maps-table';

export default function MapsListPage() {
  const maps = useMaps();
  const query = useTableSearch();
  return (
    <>
      <title>Maps · SRO Admin</title>
      <PageHeader
        title="Maps"
        description="Game maps that dimensions are built from."
        actions={
          <Link to="/admin/maps/new" className={buttonClasses('primary')}>
            New Map
          </Link>
        }
      />
      {maps.isError && !maps.data ? (
        <ListLoadError what="maps" error={maps.error} onRetry={() => void maps.refetch()} />
      ) : maps.data?.length === 0 ? (
        <EmptyState label="Create a new map" to="/admin/maps/new" />
      ) : (
        <MapsTable maps={maps.data ?? []} loading={maps.isPending} search={query} />
      )}
    </>
  );
}
