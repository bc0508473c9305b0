import { useNavigateWithFlash } from '../../components/notifications/flash';
import { PageHeader } from '../../components/page-header';
import { useCreateMap } from '../../lib/api/maps';
import { useWriteFeedback } from '../../lib/api/use-write-feedback';
import { MapForm } from './map-form';
import { EMPTY_MAP } from './map-form-schema';
import { mapCreatedText } from './map-messages';

export default function MapNewPage() {
  const create = useCreateMap();
  const feedback = useWriteFeedback();
  const go = useNavigateWithFlash();
  return (
    <>
      <title>New Map · SRO Admin</title>
      <PageHeader title="New Map" />
      <MapForm
        initial={EMPTY_MAP}
        saving={create.isPending}
        cancelTo="/admin/maps"
        onSubmit={(values) =>
          create.mutateAsync(values).then((map) => go('/admin/maps', { type: 'success', message: mapCreatedText(map.name, map.id) }), feedback.failed)
        }
      />
    </>
  );
}
