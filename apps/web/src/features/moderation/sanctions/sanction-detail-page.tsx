import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/button-styles';
import { CopyableId } from '../../../components/copy-button';
import { DescriptionList } from '../../../components/description-list';
import { ItemLoadError } from '../../../components/load-error';
import { useNotify } from '../../../components/notifications/notification-context';
import { PageHeader } from '../../../components/page-header';
import { useRevokeSanction, useSanction } from '../../../lib/api/sanctions';
import { rpcFailureText } from '../../../lib/rpc/rpc-error';
import { useRequiredParam } from '../../../lib/use-required-param';
import { endsText, formatLocalTime, isAccountBan, scopeText, subjectText, type SanctionRecord } from '../../../lib/sanctions/sanction-records';
import { RevokeDialog } from './revoke-dialog';
import { revokedText, SANCTION_ID_REQUIRED } from './sanction-texts';
import { KindBadge, StateBadge } from './sanction-badges';
import { useAreaHref } from '../../../lib/area-links';
import { AreaLink } from '../../../components/area-link';
import { PlayerLink } from '../../../components/player-link';
import { useCan } from '../../../lib/access/capabilities';
import { auditHistoryPath } from '../../../lib/audit-history';
import { PlayerRemovals } from '../../../components/game-sessions/player-removals';
import { ChatEvidence } from '../../../components/chat-evidence';

const link = 'font-medium text-neon-cyan underline-offset-4 hover:underline';
/** The sanctions that end game sessions (docs/game-servers.md "Removals"): an account ban and a ban of scope GAME. */
const removesPlayers = (s: SanctionRecord) => isAccountBan(s) || (s.kind === 'ban' && s.scope === 'game');

/** /admin/sanctions/:id: one sanction in full, its revocation, and Revoke while it is active. */
export default function SanctionDetailPage() {
  const id = useRequiredParam('id', SANCTION_ID_REQUIRED);
  const sanction = useSanction(id);
  const revoke = useRevokeSanction();
  const notify = useNotify();
  const [revoking, setRevoking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const data = sanction.data;
  const href = useAreaHref();
  const can = useCan();
  const historyHref = href(auditHistoryPath('sanction', id));

  if (sanction.isError) {
    return (
      <ItemLoadError
        what="sanction"
        error={sanction.error}
        onRetry={() => void sanction.refetch()}
        backTo={href('sanctions') ?? '/'}
        backLabel="Back to sanctions"
      />
    );
  }

  function onRevoke(reason: string) {
    setFailure(null);
    revoke.mutate(
      { id, reason },
      {
        onSuccess: (revoked) => {
          setRevoking(false);
          notify.success(revokedText(revoked));
        },
        onError: (error) => setFailure(rpcFailureText(error)),
      },
    );
  }

  return (
    <>
      <title>{`Sanction · SRO Admin`}</title>
      <PageHeader
        title={data ? `${data.kind === 'ban' ? 'Ban' : 'Mute'} of ${subjectText(data)}` : <span className="skeleton inline-block h-7 w-48 align-middle" />}
        description="Sanction"
        actions={
          <>
            {historyHref && (
              <Link to={historyHref} className={buttonClasses('secondary')}>
                History
              </Link>
            )}
            {data?.active && (!isAccountBan(data) || can('sanctions.account-ban')) && (
              <button
                type="button"
                className={buttonClasses('danger')}
                onClick={() => {
                  setFailure(null);
                  setRevoking(true);
                }}
              >
                Revoke
              </button>
            )}
          </>
        }
      />
      <DescriptionList
        loading={!data}
        items={[
          { term: 'Subject', value: data && <SanctionSubject sanction={data} /> },
          { term: 'Kind', value: data && <KindBadge sanction={data} /> },
          { term: 'Scope', value: data && scopeText(data) },
          { term: 'State', value: data && <StateBadge sanction={data} /> },
          { term: 'Issued', value: data && `${formatLocalTime(data.issuedAtMs)} by ${data.issuedByName || data.issuedById || 'System'}` },
          { term: 'Ends', value: data && endsText(data.expiresAtMs) },
          { term: 'Reason', value: data?.reason },
          { term: 'Player message', value: data && (data.playerMessage || <span className="text-slate-400">None</span>) },
          ...(data?.revokedAtMs
            ? [
                { term: 'Revoked', value: `${formatLocalTime(data.revokedAtMs)} by ${data.revokedByName || data.revokedById}` },
                { term: 'Revoke reason', value: data.revokeReason },
              ]
            : []),
          { term: 'Unique Id', value: <CopyableId id={data?.id} /> },
        ]}
      />
      {data && (
        <ChatEvidence
          headingId="sanction-evidence"
          messages={data.evidence}
          markedId={data.sourceMessageId}
          markLabel="Sanctioned"
          emptyText="This sanction was issued from no chat line or report: no messages were kept."
        />
      )}
      {data && removesPlayers(data) && can('game-sessions.removals.read') && (
        <PlayerRemovals of={{ sanctionId: id }} emptyMessage="This ban removed no player from a game server." />
      )}
      <RevokeDialog open={revoking} busy={revoke.isPending} failure={failure} onRevoke={onRevoke} onCancel={() => setRevoking(false)} />
    </>
  );
}

/** Who the sanction falls on: the character (linked) or the account, and the account with its player page. */
function SanctionSubject({ sanction: data }: { sanction: SanctionRecord }) {
  return (
    <>
      {data.characterId ? (
        <AreaLink path={`characters/${data.characterId}`} className={link}>
          {subjectText(data)}
        </AreaLink>
      ) : (
        subjectText(data)
      )}
      <span className="mt-1 block text-slate-300">
        Account:{' '}
        <PlayerLink accountId={data.accountId} className="text-slate-100">
          {data.accountName || 'Unknown'}
        </PlayerLink>
      </span>
      <span className="mt-1 block">
        <CopyableId id={data.accountId} />
      </span>
    </>
  );
}
