import { Badge } from '../../components/badge';
import { CopyableId } from '../../components/copy-button';
import { DescriptionList, type DescriptionItem } from '../../components/description-list';
import type { AccountRecord, AccountSession } from '../../lib/api/accounts';
import { formatLocalTime } from '../../lib/sanctions/sanction-records';

interface Props {
  account: AccountRecord | undefined;
  /** The e-mail, for callers who may read personal data (the console); the desk leaves it out. */
  showEmail: boolean;
  /** The sessions, when the caller may see them: the latest sign-in is the newest session's start. */
  sessions?: readonly AccountSession[] | undefined;
}

const when = (ms: number) => (ms ? <time dateTime={new Date(ms).toISOString()}>{formatLocalTime(ms)}</time> : 'Unknown');

/** Who the account is: names, groups, when it was created and, where the caller may see it, e-mail and last sign-in. */
export function AccountProfile({ account, showEmail, sessions }: Props) {
  const name = account ? [account.firstName, account.lastName].filter(Boolean).join(' ') : '';
  const latest = sessions?.reduce((max, s) => Math.max(max, s.startedMs), 0) ?? 0;
  const items: DescriptionItem[] = [
    { term: 'Username', value: account?.username },
    { term: 'Display name', value: name || 'None given' },
    ...(showEmail ? [{ term: 'E-mail', value: account?.email || 'None given' }] : []),
    {
      term: 'Groups',
      value: account && (
        <span className="inline-flex flex-wrap items-center gap-1.5">
          {account.groups.length
            ? account.groups.map((path) => (
                <Badge key={path} tone="indigo">
                  {path}
                </Badge>
              ))
            : 'No group'}
        </span>
      ),
    },
    { term: 'Created', value: account && when(account.createdMs) },
    ...(sessions !== undefined || showEmail ? [{ term: 'Last sign-in', value: sessions ? (latest ? when(latest) : 'Not signed in now') : undefined }] : []),
    { term: 'Account id', value: <CopyableId id={account?.id} /> },
  ];
  return <DescriptionList loading={!account} items={items} />;
}
