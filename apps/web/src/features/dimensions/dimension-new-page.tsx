import { useNavigateWithFlash } from '../../components/notifications/flash';
import { PageHeader } from '../../components/page-header';
import { useCreateDimension } from '../../lib/api/dimensions';
import { useWriteFeedback } from '../../lib/api/use-write-feedback';
import { DimensionForm } from './dimension-form';
import { EMPTY_DIMENSION } from './dimension-form-schema';
import { dimensionCreatedText } from './dimension-messages';

export default function DimensionNewPage() {
  const create = useCreateDimension();
  const feedback = useWriteFeedback();
  const go = useNavigateWithFlash();
  return (
    <>
      <title>New Dimension · SRO Admin</title>
      <PageHeader title="New Dimension" />
      <DimensionForm
        initial={EMPTY_DIMENSION}
        saving={create.isPending}
        cancelTo="/admin/dimensions"
        onSubmit={(values) =>
          create.mutateAsync(values).then((d) => go('/admin/dimensions', { type: 'success', message: dimensionCreatedText(d.name, d.id) }), feedback.failed)
        }
      />
    </>
  );
}
