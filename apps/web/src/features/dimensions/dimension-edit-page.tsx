import { changedFields } from '../../components/form/changed-fields';
import { ItemLoadError } from '../../components/load-error';
import { useNavigateWithFlash } from '../../components/notifications/flash';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { useDimension, useEditDimension } from '../../lib/api/dimensions';
import { useWriteFeedback } from '../../lib/api/use-write-feedback';
import { useRequiredParam } from '../../lib/use-required-param';
import { DimensionForm } from './dimension-form';
import type { DimensionFormValues } from './dimension-form-schema';
import { DIMENSION_ID_REQUIRED, DIMENSION_UPDATED } from './dimension-messages';

export default function DimensionEditPage() {
  const id = useRequiredParam('id', DIMENSION_ID_REQUIRED);
  const dimension = useDimension(id);
  const edit = useEditDimension(id);
  const feedback = useWriteFeedback();
  const go = useNavigateWithFlash();
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
  if (!data) return <PageLoading />;
  const initial: DimensionFormValues = { name: data.name, version: data.version, location: data.location, mapIds: data.mapIds };
  return (
    <>
      <title>{`Edit ${data.name} · SRO Admin`}</title>
      <PageHeader title={`Edit ${data.name}`} />
      <DimensionForm
        key={data.id}
        initial={initial}
        editing
        saving={edit.isPending}
        cancelTo={`/admin/dimensions/${id}`}
        onSubmit={(values) =>
          edit
            .mutateAsync(changedFields(initial, values))
            .then(() => go(`/admin/dimensions/${id}`, { type: 'success', message: DIMENSION_UPDATED }), feedback.failed)
        }
      />
    </>
  );
}
