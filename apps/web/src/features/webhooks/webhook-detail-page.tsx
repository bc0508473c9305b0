import { useState } from 'react';
import { Link } from 'react-router';
import { AuditHistoryLink } from '../../components/audit-history-link';
import { Badge } from '../../components/badge';
import { buttonClasses } from '../../components/button-styles';
import { CopyableId } from '../../components/copy-button';
import { DescriptionList } from '../../components/description-list';
import { DetailPageHeader } from '../../components/detail-page-header';
import { ItemLoadError } from '../../components/load-error';
import { useDeleteWebhook, useEditWebhook, useWebhook, type WebhookRecord } from '../../lib/api/webhooks';
import { useWriteFeedback } from '../../lib/api/use-write-feedback';
import { useRequiredParam } from '../../lib/use-required-param';
import { SendTest } from './send-test';
import { WebhookAccess } from './webhook-access';
import { WebhookDeliveriesTable } from './webhook-deliveries-table';
import { eventLabel, formatLabel, formatTime, safeUrl } from './webhook-texts';

/** /admin/webhooks/:id: the endpoint, its test button and its delivery log. */
export default function WebhookDetailPage() {
  return (
    <WebhookAccess>
      <WebhookDetail />
    </WebhookAccess>
  );
}

function WebhookDetail() {
  const id = useRequiredParam('id', 'A webhook id is required');
  const webhook = useWebhook(id);
  const remove = useDeleteWebhook();
  const edit = useEditWebhook(id);
  const feedback = useWriteFeedback();
  // A delete drops the endpoint from the list before the page has gone back to it: until then it shows what it had,
  // not 'not found'.
  const [kept, setKept] = useState<WebhookRecord>();
  if (webhook.data && webhook.data !== kept) setKept(webhook.data);
  const deleting = remove.isPending || remove.isSuccess;
  if (webhook.isError && !deleting) {
    return <ItemLoadError what="webhook" error={webhook.error} onRetry={() => void webhook.refetch()} backTo="/admin/webhooks" backLabel="Back to webhooks" />;
  }
  const data = webhook.data ?? (deleting ? kept : undefined);
  const toggle = () =>
    data &&
    edit
      .mutateAsync({ enabled: !data.enabled })
      .then((w) => feedback.succeeded(w.enabled ? 'Webhook enabled: events are sent again' : 'Webhook disabled: no events are sent'), feedback.failed);
  return (
    <>
      <DetailPageHeader
        item={data && { ...data, name: safeUrl(data.url) }}
        placeholderTitle="Webhook"
        description="Webhook endpoint"
        deletion={{
          what: 'webhook',
          title: 'Delete webhook',
          message: (w) => `Delete the endpoint ${w.name}? Its delivery log goes with it and no further events are sent. This cannot be undone.`,
          remove: () => remove.mutateAsync(id),
          parentPath: '/admin/webhooks',
          deletedMessage: 'Webhook deleted',
        }}
        actionsAfter={
          <>
            <AuditHistoryLink targetType="webhook" targetId={id} />
            <button type="button" className={buttonClasses('secondary')} onClick={() => void toggle()} disabled={edit.isPending}>
              {data?.enabled ? 'Disable' : 'Enable'}
            </button>
            <Link to={`/admin/webhooks/${id}/edit`} className={buttonClasses('primary')}>
              Edit
            </Link>
          </>
        }
      />
      <DescriptionList
        loading={!data}
        items={[
          { term: 'Endpoint', value: data && safeUrl(data.url) },
          { term: 'State', value: data && <Badge tone={data.enabled ? 'green' : 'grey'}>{data.enabled ? 'Enabled' : 'Disabled'}</Badge> },
          { term: 'Events', value: data?.events.map(eventLabel).join(', ') },
          { term: 'Format', value: data && formatLabel(data.format) },
          { term: 'Description', value: data && (data.description || '—') },
          { term: 'Registered', value: data && formatTime(data.createdAtMs) },
          { term: 'Id', value: <CopyableId id={data?.id} /> },
        ]}
      />
      <SendTest webhookId={id} />
      <WebhookDeliveriesTable webhookId={id} />
    </>
  );
}
