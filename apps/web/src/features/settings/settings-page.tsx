import { useEffect, useState } from 'react';
import { Badge } from '../../components/badge';
import { DescriptionList } from '../../components/description-list';
import { PageHeader } from '../../components/page-header';
import { decodeJwtPayload } from '../../lib/auth/claims';
import { useSession } from '../../lib/auth/session-context';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { describeMode, tokenExpiry } from './settings-facts';

/** The signed-in admin's session and how the server runs. Read-only; no secrets. */
export default function SettingsPage() {
  const session = useSession();
  const config = useRuntimeConfig();
  const [expiresAt, setExpiresAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    let live = true;
    void session.getAccessToken().then((token) => live && setExpiresAt(tokenExpiry(decodeJwtPayload(token))));
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [session]);

  const user = session.user;
  const mode = describeMode(config?.mode);
  return (
    <>
      <title>Settings · SRO Admin</title>
      <PageHeader title="Settings" description="Your session and the server's configuration." />
      <h2 className="mb-3 text-lg font-semibold text-white">Session</h2>
      <DescriptionList
        items={[
          { term: 'Username', value: user?.username },
          { term: 'Name', value: user && [user.firstName, user.lastName].filter(Boolean).join(' ') },
          { term: 'Email', value: user?.email || '—' },
          {
            term: 'Groups',
            value: (
              <span className="flex flex-wrap gap-1.5">
                {user?.groups.length
                  ? user.groups.map((g) => (
                      <Badge key={g} tone="indigo">
                        {g}
                      </Badge>
                    ))
                  : '—'}
              </span>
            ),
          },
          { term: 'Roles', value: user?.roles.length ? user.roles.join(', ') : '—' },
          {
            term: 'Token expires',
            value: expiresAt ? (
              <>
                <time dateTime={new Date(expiresAt).toISOString()}>{new Date(expiresAt).toLocaleString()}</time>
                <span className="block text-xs text-slate-300">in {Math.max(0, Math.round((expiresAt - now) / 1000))} s (renewed automatically)</span>
              </>
            ) : (
              'Unknown (opaque token)'
            ),
          },
        ]}
      />
      <h2 className="mb-3 mt-8 text-lg font-semibold text-white">Server</h2>
      <DescriptionList
        items={[
          { term: 'Identity', value: mode.identity },
          { term: 'Storage', value: mode.storage },
          { term: 'Game servers', value: mode.gameServer },
          { term: 'Chat fan-out', value: mode.chatBus },
          { term: 'Identity provider', value: <span className="break-all font-mono text-xs">{config?.oidc.authority ?? '—'}</span> },
          { term: 'Client id', value: <span className="font-mono text-xs">{config?.oidc.clientId ?? '—'}</span> },
        ]}
      />
    </>
  );
}
