import { useState } from 'react';
import { AreaLink } from '../../../components/area-link';
import { buttonClasses } from '../../../components/button-styles';
import { ListLoadError } from '../../../components/load-error';
import { useAppealQueue } from '../../../lib/api/appeals';
import { appealReasonLabel, DECISION_LABELS, type AppealRecord } from '../../../lib/appeals/appeal-records';
import { formatLocalTime, sanctionKindLabel, scopeText } from '../../../lib/sanctions/sanction-records';

/** How many appeals the player page shows first. */
const ACCOUNT_APPEALS_PAGE = 10;
const noAppeals = (username: string) => `${username} has not appealed any sanction.`;

const time = (ms: number) => <time dateTime={new Date(ms).toISOString()}>{formatLocalTime(ms)}</time>;

function Entry({ appeal }: { appeal: AppealRecord }) {
  const s = appeal.sanction;
  const decided = appeal.decision !== 'open';
  return (
    <li data-testid="account-appeal" className="rounded-xl border border-white/10 bg-night-900/70 p-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-white/10 px-2 py-0.5 text-xs font-semibold text-slate-100">{DECISION_LABELS[appeal.decision]}</span>
        {s && (
          <AreaLink path={`sanctions/${s.id}`} className="text-slate-100 underline decoration-neon-cyan/60 underline-offset-4 hover:text-neon-cyan">
            {sanctionKindLabel(s)} · {scopeText(s)} · {s.reason}
          </AreaLink>
        )}
      </p>
      <p className="mt-2 line-clamp-3 break-words border-l-2 border-white/20 pl-3 text-slate-100">
        <span className="font-semibold">{appealReasonLabel(appeal.reason)}:</span> {appeal.text}
      </p>
      <p className="mt-2 flex flex-wrap items-center justify-between gap-2 text-slate-300">
        <span>
          Sent {time(appeal.filedAtMs)}
          {decided && (
            <>
              {' · Decided '}
              {time(appeal.decidedAtMs)}
              {appeal.decidedByName && ` by ${appeal.decidedByName}`}
            </>
          )}
        </span>
        <AreaLink path={`appeals/${appeal.id}`} className="font-medium text-neon-cyan underline-offset-4 hover:underline">
          Appeal {appeal.id}
        </AreaLink>
      </p>
      {decided && appeal.decisionReason && <p className="mt-1 break-words text-slate-300">Reason: {appeal.decisionReason}</p>}
    </li>
  );
}

/** The player page's appeals: every appeal of the account, newest first, with its outcome and who decided it. */
export function AccountAppeals({ accountId, username }: { accountId: string; username: string }) {
  const [pageSize, setPageSize] = useState(ACCOUNT_APPEALS_PAGE);
  const page = useAppealQueue({ includeDecided: true, pageIndex: 0, pageSize, accountId });
  const data = page.data;
  if (page.isError && !data) return <ListLoadError what="appeals" error={page.error} onRetry={() => void page.refetch()} />;
  if (!data) return <span className="skeleton block h-24 w-full" />;
  if (data.appeals.length === 0) return <p className="text-sm text-slate-300">{noAppeals(username)}</p>;
  return (
    <div className="space-y-2">
      <ul className="space-y-2" aria-label={`Appeals of ${username}`}>
        {data.appeals.map((appeal) => (
          <Entry key={appeal.id} appeal={appeal} />
        ))}
      </ul>
      {data.appeals.length < data.total && (
        <button type="button" className={buttonClasses('secondary', 'sm')} onClick={() => setPageSize((n) => n + ACCOUNT_APPEALS_PAGE)}>
          Show more
        </button>
      )}
    </div>
  );
}
