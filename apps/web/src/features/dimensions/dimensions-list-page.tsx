import { ListPage } from '../../components/list-page';
import { useDimensions } from '../../lib/api/dimensions';
import { DimensionsTable } from './dimensions-table';

export default function DimensionsListPage() {
  const dimensions = useDimensions();
  return (
    <ListPage
      title="Dimensions"
      description="Server instances of the game world."
      create={{ label: 'New Dimension', to: '/admin/dimensions/new', emptyLabel: 'Create a new dimension' }}
      list={{ what: 'dimensions', query: dimensions }}
    >
      {(search) => <DimensionsTable dimensions={dimensions.data ?? []} loading={dimensions.isPending} search={search} />}
    </ListPage>
  );
}
