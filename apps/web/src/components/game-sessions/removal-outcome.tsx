import { usePlayerRemoval } from '../../lib/api/game-sessions';
import { rpcErrorParts } from '../../lib/rpc/rpc-error';
import { removalOutcome, type RemovalTone } from './removal-texts';

const TONES: Record<RemovalTone, string> = {
  pending: 'border-amber-400/40 bg-amber-950/30 text-amber-100',
  done: 'border-emerald-400/40 bg-emerald-950/30 text-emerald-100',
  failed: 'border-rose-400/40 bg-rose-950/30 text-rose-100',
};

/** A kick's outcome as the server learns it: asked again each second while the game server has not confirmed. */
export function RemovalOutcome({ removalId, characterName, onDismiss }: { removalId: string; characterName: string; onDismiss: () => void }) {
  const removal = usePlayerRemoval(removalId);
  const outcome = removal.data
    ? removalOutcome(removal.data)
    : removal.isError
      ? { text: `The kick's outcome could not be read. ${rpcErrorParts(removal.error).message}`, tone: 'failed' as const }
      : { text: 'Kick sent…', tone: 'pending' as const };
  return (
    <div role="status" className={`mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border px-4 py-3 text-sm ${TONES[outcome.tone]}`}>
      <p>
        <span className="font-semibold">Kick of {characterName}:</span> {outcome.text}
      </p>
      <button type="button" onClick={onDismiss} className="rounded px-2 py-1 font-medium underline-offset-4 hover:underline">
        Dismiss
      </button>
    </div>
  );
}
