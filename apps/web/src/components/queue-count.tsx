import type { QueueFigures, QueueName } from '../lib/api/queue-counts';

/**
 * A queue's open count beside its link: the number for the eye, and ', 3 open' (', 3 waiting' for held messages)
 * for the link's accessible name ('Reports, 3 open'). Nothing while none is open or the count is unknown.
 */
export function QueueCount({ queue, counts }: { queue: QueueName | undefined; counts: QueueFigures | undefined }) {
  const open = (queue && counts?.[queue]?.open) || 0;
  if (!open) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className="ml-auto rounded-full bg-neon-pink/20 px-2 py-0.5 text-xs font-semibold tabular-nums text-pink-100"
        data-testid={`queue-count-${queue}`}
      >
        {open}
      </span>
      <span className="sr-only">
        , {open} {queue === 'heldMessages' ? 'waiting' : 'open'}
      </span>
    </>
  );
}
