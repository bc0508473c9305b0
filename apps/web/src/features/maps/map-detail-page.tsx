import { Link } from 'react-router';
import { AuditHistoryLink } from '../../components/audit-history-link';
import { buttonClasses } from '../../components/button-styles';
import { CopyableId } from '../../components/copy-button';
import { DeleteAndReturn } from '../../components/delete-with-confirm';
import { DescriptionList } from '../../components/description-list';
import { ItemLoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { useDeleteMap, useMap } from '../../lib/api/maps';
import { useRequiredParam } from '../../lib/use-required-param';
import { MAP_DELETED, MAP_ID_REQUIRED } from './map-messages';

export default function MapDetailPage() {
  const id = useRequiredParam('id', MAP_ID_REQUIRED);
  const map = useMap(id);
  const remove = useDeleteMap();
  if (map.isError) return <ItemLoadError what="map" error={map.error} onRetry={() => void map.refetch()} backTo="/admin/maps" backLabel="Back to maps" />;
  const data = map.data;
  return (
    <>
      <title>{`${data?.name ?? 'Map'} · SRO Admin`}</title>
      <PageHeader
        title={data?.name ?? <span className="skeleton inline-block h-7 w-48 align-middle" />}
        description="Map"
        actions={
          data && (
            <>
              <DeleteAndReturn
                what="map"
                title="Delete map"
                message={`Delete the map ${data.name}? This cannot be undone.`}
                remove={() => remove.mutateAsync(id)}
                parentPath="/admin/maps"
                deletedMessage={MAP_DELETED}
              />
              <AuditHistoryLink targetType="map" targetId={id} />
              <Link to={`/admin/maps/${id}/edit`} className={buttonClasses('primary')}>
                Edit
              </Link>
            </>
          )
        }
      />
      <DescriptionList
        loading={!data}
        items={[
          { term: 'Name', value: data?.name },
          { term: 'Map Path', value: <code className="text-slate-100">{data?.mapPath}</code> },
          { term: 'Id', value: <CopyableId id={data?.id} /> },
        ]}
      />
    </>
  );
}
