import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BannedAccountNotice } from '../../../components/banned-account-notice';
import { ListLoadError } from '../../../components/load-error';
import { useMySanctions } from '../../../lib/api/sanctions';
import { isBanned } from '../../../lib/auth/access';
import { useSession } from '../../../lib/auth/session-context';
import { formatLocalTime, scopeText, type SanctionRecord } from '../../../lib/sanctions/sanction-records';
import { untilText } from '../../../lib/sanctions/sanction-refusal';
import { KindBadge, StateBadge } from './sanction-badges';
import { useMyAppeals } from '../../../lib/api/appeals';
import type { AppealRecord } from '../../../lib/appeals/appeal-records';
import { AppealStatus } from './appeal-status';
import { useNotify } from '../../../components/notifications/notification-context';

// The dialog's code (React Aria's modal) loads when the player opens it: the page's first load stays small.
const AppealDialog = lazy(() => import('./appeal-dialog').then((m) => ({ default: m.AppealDialog })));
// So is a sanction's evidence, for the sanctions that have some.
const MySanctionEvidence = lazy(() => import('./my-sanction-evidence').then((m) => ({ default: m.MySanctionEvidence })));

/** The player's appeals by sanction (undefined while unknown: no Appeal button yet), and how to start one. */
interface Appeals {
  bySanction: Map<string, AppealRecord> | undefined;
  onAppeal: (sanctionId: string) => void;
}

/** Who it applies to, in the player's words. */
const appliesTo = (s: SanctionRecord) => (s.characterId ? s.characterName || 'One of your characters' : 'Your whole account');

function SanctionCard({ sanction, appeals }: { sanction: SanctionRecord; appeals: Appeals }) {
  return (
    <li className="rounded-xl border border-white/10 bg-night-900/70 p-4" data-testid="my-sanction">
      <div className="flex flex-wrap items-center gap-2">
        <KindBadge sanction={sanction} />
        <StateBadge sanction={sanction} />
        <span className="font-semibold text-white">{appliesTo(sanction)}</span>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-400">Where</dt>
          <dd className="text-slate-100">{scopeText(sanction)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-400">{sanction.active ? 'Ends' : 'Ended'}</dt>
          <dd className="text-slate-100">
            {sanction.revokedAtMs
              ? `Revoked ${formatLocalTime(sanction.revokedAtMs)}`
              : sanction.active
                ? untilText(sanction.expiresAtMs).replace(/^u/, 'U').replace(/^p/, 'P')
                : formatLocalTime(sanction.expiresAtMs)}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-400">Issued</dt>
          <dd className="text-slate-100">{formatLocalTime(sanction.issuedAtMs)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-400">Reason</dt>
          <dd className="break-words text-slate-100">{sanction.reason}</dd>
        </div>
        {sanction.playerMessage && (
          <div className="sm:col-span-2">
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-400">Message from the moderators</dt>
            <dd className="break-words text-slate-100">{sanction.playerMessage}</dd>
          </div>
        )}
      </dl>
      {sanction.evidence.length > 0 && (
        <Suspense fallback={null}>
          <MySanctionEvidence sanction={sanction} />
        </Suspense>
      )}
      <AppealStatus
        appeal={appeals.bySanction?.get(sanction.id)}
        active={sanction.active}
        onAppeal={appeals.bySanction && (() => appeals.onAppeal(sanction.id))}
      />
    </li>
  );
}

interface SectionProps {
  id: string;
  title: string;
  sanctions: SanctionRecord[];
  empty: string;
  lead?: ReactNode;
  appeals: Appeals;
}

function Section({ id, title, sanctions, empty, lead, appeals }: SectionProps) {
  return (
    <section aria-labelledby={id} className="mt-8 space-y-3">
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      {lead}
      {lead && sanctions.length === 0 ? null : sanctions.length === 0 ? (
        <p className="rounded-xl border border-white/10 bg-night-900/70 px-4 py-6 text-center text-sm text-slate-300">{empty}</p>
      ) : (
        <ul className="space-y-3">
          {sanctions.map((s) => (
            <SanctionCard key={s.id} sanction={s} appeals={appeals} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** /account/sanctions: the signed-in player's active sanctions and their history (every character and the account). */
export default function MySanctionsPage() {
  const mine = useMySanctions();
  const banned = isBanned(useSession().user);
  const all = mine.data?.sanctions ?? [];
  const myAppeals = useMyAppeals();
  const notify = useNotify();
  const [appealing, setAppealing] = useState<string | null>(null);
  const appeals: Appeals = {
    bySanction: myAppeals.data && new Map(myAppeals.data.map((a) => [a.sanctionId, a])),
    onAppeal: setAppealing,
  };
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <title>Your sanctions · SRO</title>
      <h1 className="font-display text-2xl font-bold tracking-wide text-white">Your sanctions</h1>
      <p className="mt-1 text-sm text-slate-300">
        Mutes and bans on your account and your characters, newest first.{' '}
        <Link to="/account/chat" className="font-medium text-neon-cyan underline-offset-4 hover:underline">
          Open the chat
        </Link>
      </p>
      {mine.isError ? (
        <div className="mt-8">
          <ListLoadError what="your sanctions" error={mine.error} onRetry={() => void mine.refetch()} />
        </div>
      ) : mine.isPending || myAppeals.isPending ? (
        // Both lists, then the cards: an Appeal button arriving later would move every card below it.
        <div className="mt-8 space-y-3" aria-busy="true">
          <span className="skeleton block h-6 w-40" />
          <span className="skeleton block h-24 w-full" />
          <span className="skeleton block h-24 w-full" />
        </div>
      ) : (
        <>
          <Section
            id="active-sanctions"
            title="Active"
            sanctions={all.filter((s) => s.active)}
            empty="Nothing is limiting you right now."
            lead={banned && <BannedAccountNotice />}
            appeals={appeals}
          />
          <Section id="sanction-history" title="History" sanctions={all.filter((s) => !s.active)} empty="No earlier sanctions." appeals={appeals} />
        </>
      )}
      {appealing !== null && (
        <Suspense fallback={null}>
          <AppealDialog
            sanctionId={appealing}
            onClose={() => setAppealing(null)}
            onFiled={() => {
              setAppealing(null);
              notify.success('Appeal sent. A moderator will review it.');
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
