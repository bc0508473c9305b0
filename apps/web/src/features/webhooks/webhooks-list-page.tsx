import { Badge } from '../../components/badge';
import { ListPage } from '../../components/list-page';
import { Table, type TableColumns } from '../../components/table/table';
import { useWebhooks, type WebhookRecord } from '../../lib/api/webhooks';
import { LastDelivery } from './last-delivery';
import { WebhookAccess } from './webhook-access';
import { eventLabel, formatLabel, safeUrl } from './webhook-texts';

const columns: TableColumns<WebhookRecord> = [
  {
    id: 'url',
    accessorFn: (w) => safeUrl(w.url),
    header: 'Endpoint',
    cell: (c) => (
      <span className="flex flex-col">
        <span className="font-medium text-white">{c.getValue<string>()}</span>
        {c.row.original.description && <span className="text-xs text-slate-300">{c.row.original.description}</span>}
      </span>
    ),
  },
  { id: 'events', accessorFn: (w) => w.events.map(eventLabel).join(', '), header: 'Events' },
  { id: 'format', accessorFn: (w) => formatLabel(w.format), header: 'Format' },
  {
    id: 'enabled',
    accessorFn: (w) => (w.enabled ? 'Enabled' : 'Disabled'),
    header: 'State',
    cell: (c) => <Badge tone={c.row.original.enabled ? 'green' : 'grey'}>{c.getValue<string>()}</Badge>,
  },
  { id: 'last', header: 'Last delivery', enableSorting: false, enableGlobalFilter: false, cell: (c) => <LastDelivery webhookId={c.row.original.id} /> },
];

/** /admin/webhooks: the endpoints moderation events are sent to. */
export default function WebhooksListPage() {
  return (
    <WebhookAccess>
      <WebhookList />
    </WebhookAccess>
  );
}

function WebhookList() {
  const webhooks = useWebhooks();
  return (
    <ListPage
      title="Webhooks"
      description="Endpoints that hear about account bans and chat reports, signed with Standard Webhooks."
      create={{ label: 'Register endpoint', to: '/admin/webhooks/new', emptyLabel: 'Register the first endpoint' }}
      list={{ what: 'webhooks', query: webhooks }}
    >
      {(search) => (
        <Table
          label="Webhooks"
          data={webhooks.data ?? []}
          columns={columns}
          getRowId={(w) => w.id}
          loading={!webhooks.data}
          globalFilter={search}
          viewHref={(w) => `/admin/webhooks/${w.id}`}
          editHref={(w) => `/admin/webhooks/${w.id}/edit`}
          rowLabel={(w) => safeUrl(w.url)}
        />
      )}
    </ListPage>
  );
}
