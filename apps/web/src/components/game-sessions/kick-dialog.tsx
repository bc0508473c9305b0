import { useState } from 'react';
import { ReasonDialog } from '../modal/reason-dialog';
import type { PlayerRemoval } from '../../gen/sro/gameserver/control_pb';
import { useKickPlayer } from '../../lib/api/game-sessions';
import { rpcErrorParts } from '../../lib/rpc/rpc-error';
import { KICK_REASON_LABEL, kickFailureText } from './removal-texts';

export interface KickTarget {
  characterId: string;
  characterName: string;
  serverAddress: string;
}

interface Props {
  target: KickTarget | null;
  onKicked: (removal: PlayerRemoval, target: KickTarget) => void;
  onClose: () => void;
}

/** Asks why before ending a player's game session; the reason (1..500 characters) is shown to the player. */
export function KickDialog({ target, onKicked, onClose }: Props) {
  const kick = useKickPlayer();
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };
  const confirm = (reason: string) => {
    if (!target) return;
    setFailure(null);
    kick.mutate(
      { characterId: target.characterId, reason },
      {
        onSuccess: (removal) => {
          onKicked(removal, target);
          close();
        },
        onError: (error) => setFailure(kickFailureText(rpcErrorParts(error).message)),
      },
    );
  };
  return (
    <ReasonDialog
      open={target !== null}
      title={`Kick ${target?.characterName ?? ''}`}
      reasonLabel={KICK_REASON_LABEL}
      confirmLabel="Kick"
      busyLabel="Kicking…"
      busy={kick.isPending}
      failure={failure}
      onConfirm={confirm}
      onCancel={close}
    >
      <p className="text-sm text-slate-300">
        {target?.characterName} is disconnected from {target?.serverAddress || 'the game server'} and may join again.
      </p>
    </ReasonDialog>
  );
}
