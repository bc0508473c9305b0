import { changedFields } from '../../components/form/changed-fields';
import { ItemLoadError } from '../../components/load-error';
import { useNavigateWithFlash } from '../../components/notifications/flash';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { useEditWebhook, useWebhook } from '../../lib/api/webhooks';
import { useRequiredParam } from '../../lib/use-required-param';
import { WebhookAccess } from './webhook-access';
import { WebhookForm } from './webhook-form';
import { formValues, toWebhookInput, type WebhookFormValues } from './webhook-form-schema';
import { safeUrl } from './webhook-texts';

const toChanges = (values: WebhookFormValues) => ({ ...toWebhookInput(values), enabled: values.enabled });

/** /admin/webhooks/:id/edit: sends only the fields that changed. */
export default function WebhookEditPage() {
  return (
    <WebhookAccess>
      <WebhookEdit />
    </WebhookAccess>
  );
}

function WebhookEdit() {
  const id = useRequiredParam('id', 'A webhook id is required');
  const webhook = useWebhook(id);
  const edit = useEditWebhook(id);
  const go = useNavigateWithFlash();
  if (webhook.isError) {
    return <ItemLoadError what="webhook" error={webhook.error} onRetry={() => void webhook.refetch()} backTo="/admin/webhooks" backLabel="Back to webhooks" />;
  }
  if (!webhook.data) return <PageLoading />;
  const initial = formValues(webhook.data);
  const title = `Edit ${safeUrl(webhook.data.url)}`;
  return (
    <>
      <title>{`${title} · SRO Admin`}</title>
      <PageHeader title={title} />
      <WebhookForm
        key={id}
        initial={initial}
        editing
        saving={edit.isPending}
        cancelTo={`/admin/webhooks/${id}`}
        onSubmit={(values) =>
          edit
            .mutateAsync(changedFields(toChanges(initial), toChanges(values)))
            .then(() => go(`/admin/webhooks/${id}`, { type: 'success', message: 'Webhook saved' }))
        }
      />
    </>
  );
}
