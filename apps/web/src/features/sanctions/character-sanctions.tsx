import { useState } from 'react';
import { buttonClasses } from '../../components/button-styles';
import { SanctionDialog } from './sanction-dialog';
import { SanctionHistory } from './sanction-history';

export interface CharacterSanctionsProps {
  characterId: string;
  characterName: string;
  ownerId: string;
  ownerName?: string;
  /** The character's dimension: the dialog's default scope. */
  dimensionId?: string;
}

/** The character page's 'Sanctions' section: its history, its account's, and a way to issue one. */
export function CharacterSanctions({ characterId, characterName, ownerId, ownerName, dimensionId }: CharacterSanctionsProps) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="character-sanctions" className="mt-8 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="character-sanctions" className="text-lg font-semibold text-white">
          Sanctions
        </h2>
        <button type="button" className={buttonClasses('danger', 'sm')} onClick={() => setOpen(true)}>
          Sanction…
        </button>
      </div>
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-300">This character</h3>
      <SanctionHistory label={`Sanctions of ${characterName}`} characterId={characterId} emptyMessage="This character has never been sanctioned." />
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-300">The whole account{ownerName ? ` (${ownerName})` : ''}</h3>
      <SanctionHistory
        label={`Sanctions of the account ${ownerName ?? ownerId}`}
        accountId={ownerId}
        emptyMessage="No sanction on this account or any of its characters."
      />
      <SanctionDialog
        open={open}
        onClose={() => setOpen(false)}
        target={{ characterId, characterName, accountId: ownerId, accountName: ownerName }}
        prefill={dimensionId ? { dimensionId } : undefined}
      />
    </section>
  );
}
