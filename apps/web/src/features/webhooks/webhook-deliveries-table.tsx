import { buttonClasses } from '../../components/button-styles';
import { ListLoadError } from '../../components/load-error';
import { Table, type TableColumns } from '../../components/table/table';
import { useWebhookDeliveries, type DeliveryRecord } from '../../lib/api/webhooks';
import { DeliveryState } from './last-delivery';
import { eventLabel, formatTime } from './webhook-texts';

const when = (ms: number) => (ms ? <time dateTime={new Date(ms).toISOString()}>{formatTime(ms)}</time> : <span className="text-slate-400">—</span>);

const columns: TableColumns<DeliveryRecord> = [
  { id: 'created', accessorKey: 'createdAtMs', header: 'Created', cell: (c) => when(c.getValue<number>()) },
  { id: 'event', accessorFn: (d) => (d.event === 'webhook.test' ? 'Test' : eventLabel(d.event)), header: 'Event' },
  { id: 'state', accessorKey: 'state', header: 'State', cell: (c) => <DeliveryState delivery={c.row.original} /> },
  { id: 'attempts', accessorKey: 'attempts', header: 'Attempts' },
  {
    id: 'status',
    accessorKey: 'lastStatus',
    header: 'Status code',
    cell: (c) => (c.getValue<number>() ? `HTTP ${c.getValue<number>()}` : <span className="text-slate-400">No answer</span>),
  },
  { id: 'next', accessorKey: 'nextAttemptAtMs', header: 'Next retry', cell: (c) => when(c.getValue<number>()) },
  { id: 'error', accessorKey: 'lastError', header: 'Last error', cell: (c) => c.getValue<string>() || <span className="text-slate-400">—</span> },
];

/** The endpoint's newest deliveries (the outbox is the log): each attempt count, answer, error and next retry. */
export function WebhookDeliveriesTable({ webhookId }: { webhookId: string }) {
  const deliveries = useWebhookDeliveries(webhookId);
  return (
    <section aria-labelledby="webhook-deliveries" className="mt-8">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="webhook-deliveries" className="text-lg font-semibold text-white">
          Delivery log
        </h2>
        <button type="button" className={buttonClasses('secondary', 'sm')} onClick={() => void deliveries.refetch()} disabled={deliveries.isFetching}>
          {deliveries.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {deliveries.isError && !deliveries.data ? (
        <ListLoadError what="deliveries" error={deliveries.error} onRetry={() => void deliveries.refetch()} />
      ) : (
        <Table
          label="Delivery log"
          data={deliveries.data ?? []}
          columns={columns}
          getRowId={(d) => d.id}
          loading={!deliveries.data}
          emptyMessage="No deliveries yet: send a test, or wait for an event."
        />
      )}
    </section>
  );
}
