import { NotificationItem } from './notification-item';
import { useStackTop } from './use-stack-top';
import { NOTIFICATION_OFFSET_PX, type AppNotification, type NotificationPosition } from './notification-types';

const POSITIONS: { position: NotificationPosition; className: string; label: string }[] = [
  { position: 'top-right', className: 'right-0 items-end', label: 'Notifications' },
  { position: 'top-center', className: 'left-1/2 -translate-x-1/2 items-center', label: 'Important notifications' },
];

interface Props {
  notifications: AppNotification[];
  onDismiss: (id: number) => void;
}

/**
 * The fixed stacks, `offset` px from the edge and from each other (docs/product.md#constants-and-limits: offset 20), the top edge counted from
 * below the header and the page's title row, so toasts never sit over the avatar, the search box or page actions.
 */
export default function NotificationStacks({ notifications, onDismiss }: Props) {
  const top = useStackTop();
  return POSITIONS.map(({ position, className, label }) => {
    const items = notifications.filter((n) => n.position === position);
    if (items.length === 0) return null;
    return (
      <section
        key={position}
        aria-label={label}
        data-position={position}
        className={`pointer-events-none fixed z-[100] flex w-max max-w-full flex-col ${className}`}
        style={{ top, padding: NOTIFICATION_OFFSET_PX, gap: NOTIFICATION_OFFSET_PX }}
      >
        {items.map((n) => (
          <NotificationItem key={n.id} notification={n} onDismiss={onDismiss} />
        ))}
      </section>
    );
  });
}
