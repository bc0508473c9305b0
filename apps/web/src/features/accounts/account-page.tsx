import type { ReactNode } from 'react';
import { ItemLoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { useCan } from '../../lib/access/capabilities';
import { useAccount, useAccountSessions } from '../../lib/api/accounts';
import { useAreaHref } from '../../lib/area-links';
import { useRequiredParam } from '../../lib/use-required-param';
import { AccountCharacters } from './account-characters';
import { AccountProfile } from './account-profile';
import { AccountSessions } from './account-sessions';
import { ACCOUNT_ID_REQUIRED, NO_ACTIONS, NO_OWN_ACTIONS, NO_SANCTIONS } from './account-texts';

/** What the sanctions section needs (their features render them; app/ wires them in). */
export interface AccountSlot {
  accountId: string;
  /** The table's name and its empty state, so the area around passes the slot on as it is. */
  label: string;
  emptyMessage: string;
}

interface Props {
  /**
   * The console's view: the e-mail and the sign-in sessions with their ends. The identity provider shows sessions
   * to admins only (a session shows where a person signs in from); the desk's moderators see neither.
   */
  withPersonalData?: boolean;
  renderSanctions?: (account: AccountSlot) => ReactNode;
  /** The reports its characters made and received (features/moderation/reports/account-reports.tsx). */
  renderReports?: (account: { accountId: string; username: string }) => ReactNode;
  /** Its appeals with their outcomes (features/moderation/appeals/account-appeals.tsx). */
  renderAppeals?: (account: { accountId: string; username: string }) => ReactNode;
  /** Its characters' latest channel messages (features/moderation/chat-history/account-messages.tsx). */
  renderMessages?: (account: { accountId: string; username: string }) => ReactNode;
  /** The audit records on it (features/moderation/audit/account-audit.tsx): all for admins, their own for moderators. */
  renderAudit?: (account: AccountSlot) => ReactNode;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8 space-y-3">
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The player page: one account's profile, characters, sanctions, reports, appeals, audit records and (console) sessions. */
export default function AccountPage({ withPersonalData = false, renderSanctions, renderReports, renderAppeals, renderMessages, renderAudit }: Props) {
  const id = useRequiredParam('id', ACCOUNT_ID_REQUIRED);
  const account = useAccount(id);
  const sessions = useAccountSessions(id, withPersonalData);
  const href = useAreaHref();
  const can = useCan();
  if (account.isError) {
    const home = href('') ?? '/';
    return <ItemLoadError what="account" error={account.error} onRetry={() => void account.refetch()} backTo={home} backLabel="Back" />;
  }
  const data = account.data;
  const allAudit = can('audit.read', 'all');
  const slot = data && { accountId: id, label: `Sanctions of ${data.username}`, emptyMessage: NO_SANCTIONS };
  return (
    <>
      <title>{`${data?.username ?? 'Player'} · SRO`}</title>
      <PageHeader title={data?.username ?? <span className="skeleton inline-block h-7 w-48 align-middle" />} description="Player" />
      <AccountProfile account={data} showEmail={withPersonalData} sessions={withPersonalData ? sessions.data : undefined} />
      <Section id="account-characters" title="Characters">
        <AccountCharacters accountId={id} />
      </Section>
      {renderSanctions && can('sanctions.read') && (
        <Section id="account-sanctions" title="Sanctions">
          {slot ? renderSanctions(slot) : <span className="skeleton block h-40 w-full" />}
        </Section>
      )}
      {renderReports && can('reports.work') && (
        <Section id="account-reports" title="Reports">
          {data ? renderReports({ accountId: id, username: data.username }) : <span className="skeleton block h-24 w-full" />}
        </Section>
      )}
      {renderAppeals && can('appeals.read') && (
        <Section id="account-appeals" title="Appeals">
          {data ? renderAppeals({ accountId: id, username: data.username }) : <span className="skeleton block h-24 w-full" />}
        </Section>
      )}
      {renderMessages && can('chat-history.read') && (
        <Section id="account-messages" title="Recent messages">
          {data ? renderMessages({ accountId: id, username: data.username }) : <span className="skeleton block h-24 w-full" />}
        </Section>
      )}
      {renderAudit && can('audit.read') && (
        <Section id="account-audit" title={allAudit ? 'Staff actions' : 'Your actions'}>
          {data ? (
            renderAudit({
              accountId: id,
              label: `${allAudit ? 'Actions' : 'Your actions'} on ${data.username}`,
              emptyMessage: allAudit ? NO_ACTIONS : NO_OWN_ACTIONS,
            })
          ) : (
            <span className="skeleton block h-40 w-full" />
          )}
        </Section>
      )}
      {withPersonalData && (
        <Section id="account-sessions" title="Sessions">
          <AccountSessions accountId={id} sessions={sessions.data} error={sessions.error} onRetry={() => void sessions.refetch()} />
        </Section>
      )}
    </>
  );
}
