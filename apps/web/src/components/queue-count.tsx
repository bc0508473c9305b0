import type { QueueFigures, QueueName } from '../lib/api/queue-counts';

/**
 * A link's title with its queue's open count: the number for the eye, and ', 3 open' (', 3 waiting' for held
 * messages) in one piece of text for the link's accessible name, 'Reports, 3 open' (separate boxes would read
 * 'Reports , 3 open' in Chromium). Just the title while none is open or the count is unknown.
 */
export function QueueCountLabel({ title, queue, counts }: { title: string; queue: QueueName | undefined; counts: QueueFigures | undefined }) {
  const open = (queue && counts?.[queue]?.open) || 0;
  if (!open) return title;
  return (
    <>
      <span aria-hidden="true">{title}</span>
      <span aria-hidden="true" className="ml-auto rounded-full bg-neon-pink/20 px-2 py-0.5 text-xs font-semibold text-pink-100">
        {open}
      </span>
      <span className="sr-only">{`${title}, ${open} ${queue === 'heldMessages' ? 'waiting' : 'open'}`}</span>
    </>
  );
}
