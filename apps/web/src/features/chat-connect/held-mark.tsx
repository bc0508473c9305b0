import type { ChatLine } from './chat-line';
import { deniedText, HELD_FOR_REVIEW } from './held-notices';

/** Under a held line of the sender's own: "held for review", or why a moderator did not deliver it. */
export function HeldMark({ held }: { held: NonNullable<ChatLine['held']> }) {
  if (held.state === 'denied') {
    return (
      <p data-testid="held-mark" className="mt-1 text-xs font-medium text-rose-200">
        {deniedText(held.reason)}
      </p>
    );
  }
  return (
    <p data-testid="held-mark" className="mt-1 text-xs font-medium text-amber-200">
      {HELD_FOR_REVIEW}
      {held.reason ? ` · ${held.reason}` : ''}
    </p>
  );
}
