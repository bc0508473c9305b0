import { useEffect, useState } from 'react';
import { NotificationProvider } from '../components/notifications/notification-context';
import { SessionProvider } from '../lib/auth/session-provider';
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
