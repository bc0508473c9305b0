import { buttonClasses } from '../../../components/button-styles';
import { DECISION_LABELS, type AppealRecord } from '../../../lib/appeals/appeal-records';
import { formatLocalTime } from '../../../lib/sanctions/sanction-records';

interface Props {
  appeal: AppealRecord | undefined;
  /** Offered for an active sanction without an appeal; undefined while the appeals are unknown. */
  onAppeal?: () => void;
  active: boolean;
}

/** On a player's sanction: the Appeal button, or the appeal's state and outcome (never who decided it). */
export function AppealStatus({ appeal, onAppeal, active }: Props) {
  if (!appeal) {
    if (!active || !onAppeal) return null;
    return (
      <div className="mt-3">
        <button type="button" className={buttonClasses('secondary', 'sm')} onClick={onAppeal}>
          Appeal
        </button>
      </div>
    );
  }
  const decided = appeal.decision !== 'open';
  return (
    <div className="mt-3 rounded-lg border border-white/10 bg-night-950/60 px-3 py-2 text-sm" data-testid="appeal-status">
      <p className="font-medium text-white">{DECISION_LABELS[appeal.decision]}</p>
      <p className="text-xs text-slate-400">
        {decided ? `Decided ${formatLocalTime(appeal.decidedAtMs)}` : `Sent ${formatLocalTime(appeal.filedAtMs)}`}
        {appeal.decision === 'shortened' && ` · now ends ${formatLocalTime(appeal.newExpiresAtMs)}`}
      </p>
      {decided && appeal.decisionReason && <p className="mt-1 break-words text-slate-100">Moderators' reason: {appeal.decisionReason}</p>}
    </div>
  );
}
