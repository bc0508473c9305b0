import { Badge, type BadgeTone } from '../../components/badge';
import { useWebhookDeliveries, type DeliveryRecord } from '../../lib/api/webhooks';
import { deliveryOutcome } from './webhook-texts';

const TONES: Record<DeliveryRecord['state'], BadgeTone> = { delivered: 'green', pending: 'amber', failed: 'red' };
const LABELS: Record<DeliveryRecord['state'], string> = { delivered: 'Delivered', pending: 'Pending', failed: 'Failed' };

/** A delivery's state as a badge, its outcome in words beside it for every reader. */
export function DeliveryState({ delivery }: { delivery: DeliveryRecord }) {
  return <Badge tone={TONES[delivery.state] ?? 'grey'}>{LABELS[delivery.state] ?? delivery.state}</Badge>;
}

/** The endpoint's newest delivery, as the list shows it. */
export function LastDelivery({ webhookId }: { webhookId: string }) {
  const deliveries = useWebhookDeliveries(webhookId, 1);
  if (deliveries.isError) return <span className="text-slate-400">Unknown (could not load)</span>;
  if (!deliveries.data) return <span className="skeleton inline-block h-5 w-24" />;
  const last = deliveries.data[0];
  if (!last) return <span className="text-slate-400">None yet</span>;
  return (
    <span className="flex flex-col items-start gap-1">
      <DeliveryState delivery={last} />
      <span className="text-xs text-slate-300">{deliveryOutcome(last)}</span>
    </span>
  );
}
