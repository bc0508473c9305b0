import { useEffect, useState } from 'react';
import { NotificationProvider } from '../components/notifications/notification-context';
import { SessionProvider } from '../lib/auth/session-provider';
import { onSignOut } from '../lib/auth/sign-out-cleanup';
import { CAPABILITIES_STORAGE_KEY } from '../lib/access/capabilities-memo';
import { QUERY_CACHE_STORAGE_KEY } from '../lib/query-cache-key';
import type { RuntimeConfig } from '../lib/runtime-config';
import { RuntimeConfigContext } from '../lib/runtime-config-context';
import { AppRoutes } from './routes';

/** Everything below the router: notifications, runtime config, session, pages. */
export function App({ configPromise }: { configPromise: Promise<RuntimeConfig | null> }) {
  // undefined = still loading; null = unavailable (the public site renders anyway).
  const [config, setConfig] = useState<RuntimeConfig | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void configPromise.then((value) => live && setConfig(value));
    return () => {
      live = false;
    };
  }, [configPromise]);
  // The admin console's persisted cache and the last capabilities must go on sign-out even when this page
  // never loaded the console (and so never created a query client).
  useEffect(
    () =>
      onSignOut(() => {
        window.localStorage.removeItem(QUERY_CACHE_STORAGE_KEY);
        window.localStorage.removeItem(CAPABILITIES_STORAGE_KEY);
      }),
    [],
  );

  return (
    <NotificationProvider>
      <RuntimeConfigContext value={config ?? null}>
        <SessionProvider config={config}>
          <AppRoutes />
        </SessionProvider>
      </RuntimeConfigContext>
    </NotificationProvider>
  );
}
