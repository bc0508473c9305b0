import { changedFields } from '../../components/form/changed-fields';
import { ItemLoadError } from '../../components/load-error';
import { useNavigateWithFlash } from '../../components/notifications/flash';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { useEditMap, useMap } from '../../lib/api/maps';
import { useWriteFeedback } from '../../lib/api/use-write-feedback';
import { useRequiredParam } from '../../lib/use-required-param';
import { MapForm } from './map-form';
import { MAP_ID_REQUIRED, MAP_UPDATED } from './map-messages';

export default function MapEditPage() {
  const id = useRequiredParam('id', MAP_ID_REQUIRED);
  const map = useMap(id);
  const edit = useEditMap(id);
  const feedback = useWriteFeedback();
  const go = useNavigateWithFlash();
  if (map.isError) return <ItemLoadError what="map" error={map.error} onRetry={() => void map.refetch()} backTo="/admin/maps" backLabel="Back to maps" />;
  if (!map.data) return <PageLoading />;
  const initial = { name: map.data.name, mapPath: map.data.mapPath };
  return (
    <>
      <title>{`Edit ${map.data.name} · SRO Admin`}</title>
      <PageHeader title={`Edit ${map.data.name}`} />
      <MapForm
        key={map.data.id}
        initial={initial}
        editing
        saving={edit.isPending}
        cancelTo={`/admin/maps/${id}`}
        onSubmit={(values) =>
          edit.mutateAsync(changedFields(initial, values)).then(() => go(`/admin/maps/${id}`, { type: 'success', message: MAP_UPDATED }), feedback.failed)
        }
      />
    </>
  );
}
