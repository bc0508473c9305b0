import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { ListLoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { useTableSearch } from '../../components/table/global-search';
import { useDimensions } from '../../lib/api/dimensions';
import { DimensionsTable } from './dimensions-table';

export default function DimensionsListPage() {
  const dimensions = useDimensions();
  const query = useTableSearch();
  return (
    <>
      <title>Dimensions · SRO Admin</title>
      <PageHeader
        title="Dimensions"
        description="Server instances of the game world."
        actions={
          <Link to="/admin/dimensions/new" className={buttonClasses('primary')}>
            New Dimension
          </Link>
        }
      />
      {dimensions.isError && !dimensions.data ? (
        <ListLoadError what="dimensions" error={dimensions.error} onRetry={() => void dimensions.refetch()} />
      ) : dimensions.data?.length === 0 ? (
        <EmptyState label="Create a new dimension" to="/admin/dimensions/new" />
      ) : (
        <DimensionsTable dimensions={dimensions.data ?? []} loading={dimensions.isPending} search={query} />
      )}
    </>
  );
}
