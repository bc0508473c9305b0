import { Link } from 'react-router';
import { AuditHistoryLink } from '../../components/audit-history-link';
import { buttonClasses } from '../../components/button-styles';
import { CopyableId } from '../../components/copy-button';
import { DetailPageHeader } from '../../components/detail-page-header';
import { DescriptionList } from '../../components/description-list';
import { ItemLoadError } from '../../components/load-error';
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
      <DetailPageHeader
        item={data}
        placeholderTitle="Map"
        description="Map"
        deletion={{
          what: 'map',
          title: 'Delete map',
          message: (map) => `Delete the map ${map.name}? This cannot be undone.`,
          remove: () => remove.mutateAsync(id),
          parentPath: '/admin/maps',
          deletedMessage: MAP_DELETED,
        }}
        actionsAfter={
          <>
            <AuditHistoryLink targetType="map" targetId={id} />
            <Link to={`/admin/maps/${id}/edit`} className={buttonClasses('primary')}>
              Edit
            </Link>
          </>
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
