import { Link } from 'react-router';
import { AuditHistoryLink } from '../../components/audit-history-link';
import { buttonClasses } from '../../components/button-styles';
import { CopyableId } from '../../components/copy-button';
import { DetailPageHeader } from '../../components/detail-page-header';
import { DescriptionList } from '../../components/description-list';
import { ItemLoadError } from '../../components/load-error';
import { useTableSearch } from '../../components/table/global-search';
import { useDeleteDimension, useDimension } from '../../lib/api/dimensions';
import { useRequiredParam } from '../../lib/use-required-param';
import { DimensionMapsTable } from './dimension-maps-table';
import { DIMENSION_DELETED, DIMENSION_ID_REQUIRED } from './dimension-messages';

export default function DimensionDetailPage() {
  const id = useRequiredParam('id', DIMENSION_ID_REQUIRED);
  const dimension = useDimension(id);
  const remove = useDeleteDimension();
  const query = useTableSearch();
  if (dimension.isError) {
    return (
      <ItemLoadError
        what="dimension"
        error={dimension.error}
        onRetry={() => void dimension.refetch()}
        backTo="/admin/dimensions"
        backLabel="Back to dimensions"
      />
    );
  }
  const data = dimension.data;
  return (
    <>
      <DetailPageHeader
        item={data}
        placeholderTitle="Dimension"
        description="Dimension"
        deletion={{
          what: 'dimension',
          title: 'Delete dimension',
          message: (dimension) => `Delete the dimension ${dimension.name}? Characters in it keep their dimension id. This cannot be undone.`,
          remove: () => remove.mutateAsync(id),
          parentPath: '/admin/dimensions',
          deletedMessage: DIMENSION_DELETED,
        }}
        actionsAfter={
          <>
            <AuditHistoryLink targetType="dimension" targetId={id} />
            <Link to={`/admin/dimensions/${id}/edit`} className={buttonClasses('primary')}>
              Edit
            </Link>
          </>
        }
      />
      <DescriptionList
        loading={!data}
        items={[
          { term: 'Name', value: data?.name },
          { term: 'Location', value: data?.location },
          { term: 'Version', value: data && `v${data.version}` },
          { term: 'Id', value: <CopyableId id={data?.id} /> },
        ]}
      />
      <h2 className="mb-3 mt-8 text-lg font-semibold text-white">Maps</h2>
      <DimensionMapsTable mapIds={data?.mapIds ?? []} search={query} />
    </>
  );
}
