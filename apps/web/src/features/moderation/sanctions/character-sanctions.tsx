import { lazy, Suspense, useEffect, useState } from 'react';
import { buttonClasses } from '../../../components/button-styles';
import { forgetPendingAction, pendingAction } from '../../../lib/auth/step-up';
import { SanctionHistory } from './sanction-history';

// The dialog's form (React Aria's modal and fields, react-hook-form, zod) loads on the intent to open it.
const loadSanctionDialog = () => import('./sanction-dialog');
const SanctionDialog = lazy(() => loadSanctionDialog().then((module) => ({ default: module.SanctionDialog })));
const preloadSanctionDialog = () => void loadSanctionDialog().catch(() => {});

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
  const stepUpAction = `sanction:${characterId}`;
  // Back from signing in again for an account ban (lib/auth/step-up.ts): the dialog opens with the form as it was.
  const [restored, setRestored] = useState(() => pendingAction(stepUpAction));
  const [open, setOpen] = useState(restored !== undefined);
  useEffect(() => {
    if (restored !== undefined) forgetPendingAction();
  }, [restored]);
  // Mounted from the first opening on, so closing plays its animation.
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  return (
    <section aria-labelledby="character-sanctions" className="mt-8 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="character-sanctions" className="text-lg font-semibold text-white">
          Sanctions
        </h2>
        <button
          type="button"
          className={buttonClasses('danger', 'sm')}
          onMouseEnter={preloadSanctionDialog}
          onFocus={preloadSanctionDialog}
          onClick={() => setOpen(true)}
        >
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
      {used && (
        <Suspense fallback={null}>
          <SanctionDialog
            open={open}
            onClose={() => {
              setOpen(false);
              // Once only: the next opening starts afresh.
              setRestored(undefined);
            }}
            target={{ characterId, characterName, accountId: ownerId, accountName: ownerName }}
            prefill={dimensionId ? { dimensionId } : undefined}
            stepUpAction={stepUpAction}
            restored={restored}
          />
        </Suspense>
      )}
    </section>
  );
}
